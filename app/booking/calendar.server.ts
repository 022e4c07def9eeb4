// The company's busy times, read from its calendars' private iCalendar (ICS) addresses
// (BOOKING_CALENDAR_URL): fetched on a schedule with a timeout and a size limit, read in a
// worker thread (busy-times.ts) so a costly calendar never holds up the server, the last good
// copy kept when a reading fails, and said to be stale once no fresh copy came for too long.
import { Worker } from "node:worker_threads";
import type { Logger } from "#app/config/log.server.ts";
import type { Interval } from "#app/booking/availability.ts";

export type CalendarOptions = {
  urls: readonly string[];
  refreshMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** Past this age of the oldest copy, the calendar counts as unknown: no slot is offered. */
  maxAgeMs: number;
  /** The span to read busy times for, at each refresh. */
  range: () => Interval;
  now: () => number;
  log: Logger;
};

/**
 * The worker's module: beside this one in the source (run as TypeScript by Node in the tests),
 * built beside the server's bundle as calendar-worker.js (vite.config.ts).
 */
const workerModule = new URL(
  import.meta.url.endsWith(".ts") ? "./calendar-worker.server.ts" : "./calendar-worker.js",
  import.meta.url,
);

/**
 * The busy times of a calendar text within `range`, read in a worker thread with a memory
 * bound, which is stopped when it takes longer than `timeoutMs`.
 */
export function readInWorker(text: string, range: Interval, timeoutMs: number) {
  return new Promise<{ busy: Interval[]; skipped: string[] }>((resolve, reject) => {
    const worker = new Worker(workerModule, {
      workerData: { text, range },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const timer = setTimeout(() => {
      reject(new Error(`reading took longer than ${timeoutMs / 1000} s`));
      void worker.terminate();
    }, timeoutMs);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once(
      "message",
      (answer: { busy: Interval[]; skipped: string[] } | { error: string }) => {
        settle();
        if ("error" in answer) reject(new Error(answer.error));
        else resolve(answer);
      },
    );
    worker.once("error", (error) => {
      settle();
      reject(error);
    });
    // Without a message first: killed by its memory bound (a settled promise ignores this).
    worker.once("exit", (code) => {
      settle();
      reject(new Error(`the calendar reader stopped (exit code ${code})`));
    });
  });
}

/** A percent-encoded part as it reads, or as it is when it is not valid percent-encoding. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * A calendar address as `fetch` takes it: a private feed's user and password (allowed in the
 * setting, as providers hand them out) go as a Basic authorization header, never in the URL.
 */
function calendarRequest(address: string): { url: string; headers: Record<string, string> } {
  const url = new URL(address);
  const headers: Record<string, string> = { Accept: "text/calendar" };
  if (url.username || url.password) {
    const user = decoded(url.username);
    const password = decoded(url.password);
    headers["Authorization"] = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return { url: url.href, headers };
}

/** The body of a calendar address, refusing one larger than `maxBytes`. */
async function download(address: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const { url, headers } = calendarRequest(address);
  // A redirect to another origin drops the authorization (fetch does so by the standard).
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers,
    redirect: "follow",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** An address without its secret part, for the log: the host only. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid address)";
  }
}

/**
 * An error's message with the address's secret parts blanked out (its password, its path and
 * query, which for a private feed are the key), should a library ever quote the address.
 */
function withoutSecrets(message: string, address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return message;
  }
  const secrets = [address, url.href, url.pathname + url.search, url.password]
    .flatMap((secret) => [secret, decoded(secret)])
    .filter((secret) => secret.length > 1)
    .sort((a, b) => b.length - a.length);
  return secrets.reduce((text, secret) => text.replaceAll(secret, "…"), message);
}

/**
 * The calendars' busy times, refreshed every `refreshMs`. Each address keeps its last good
 * copy; `busy()` answers undefined while any of them has had no good copy for `maxAgeMs`
 * (or never had one), so the booking page offers no slot it cannot vouch for.
 */
export function createCalendar(options: CalendarOptions) {
  const { log, now } = options;
  const copies = new Map<string, { busy: Interval[]; at: number }>();
  let lastError: { at: number; message: string } | undefined;
  let staleLogged = false;

  async function refreshOne(url: string) {
    try {
      const text = await download(url, options.timeoutMs, options.maxBytes);
      const { busy, skipped } = await readInWorker(text, options.range(), options.timeoutMs);
      copies.set(url, { busy, at: now() });
      // Read without them rather than not at all: one such event must not switch booking off.
      if (skipped.length > 0) {
        log.warn(
          { calendar: hostOf(url), events: skipped.length },
          "booking calendar read without its recurring events too costly to expand",
        );
      }
    } catch (error) {
      const message = withoutSecrets(error instanceof Error ? error.message : String(error), url);
      lastError = { at: now(), message: `${hostOf(url)}: ${message}` };
      log.warn(
        { calendar: hostOf(url), err: message },
        "booking calendar could not be read; keeping the last good copy",
      );
    }
  }

  /** Age of the oldest copy in milliseconds; Infinity while one address has none. */
  const age = () =>
    options.urls.reduce((oldest, url) => {
      const copy = copies.get(url);
      return Math.max(oldest, copy ? now() - copy.at : Infinity);
    }, 0);

  const stale = () => options.urls.length === 0 || age() > options.maxAgeMs;

  async function refresh() {
    await Promise.all(options.urls.map(refreshOne));
    // No address at all is said once at start (service.server.ts), as a warning: there is no
    // calendar to go stale.
    if (options.urls.length === 0) return;
    if (stale() && !staleLogged) {
      log.error(
        { ageSeconds: Number.isFinite(age()) ? Math.round(age() / 1000) : null },
        "BOOKING CALENDAR STALE: no slots are offered until it can be read again",
      );
    }
    if (!stale() && staleLogged) log.info("booking calendar readable again");
    staleLogged = stale();
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    refresh,
    start() {
      timer = setInterval(() => void refresh(), options.refreshMs);
      timer.unref();
      return refresh();
    },
    stop: () => clearInterval(timer),
    /** Every busy time of every calendar; undefined when the calendar is stale. */
    busy(): Interval[] | undefined {
      if (stale()) return undefined;
      return [...copies.values()].flatMap((copy) => copy.busy);
    },
    /** For /healthz and the log. */
    health() {
      const oldest = age();
      return {
        calendars: options.urls.length,
        stale: stale(),
        ageSeconds: Number.isFinite(oldest) ? Math.round(oldest / 1000) : null,
        lastError: lastError ?? null,
      };
    },
  };
}
