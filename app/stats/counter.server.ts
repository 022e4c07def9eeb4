// Counts kept in memory and added to the database every few seconds, so a page never waits
// for the database and a database error never reaches a visitor.
import type { Logger } from "../config/log.server.ts";
import { localDay } from "./calendar.ts";
import type { Metric, StatsStore } from "./store.server.ts";

/** Longest 404 path kept; longer ones are cut (a scanner's URL can be 16 KB). */
const maxPathLength = 120;
/**
 * Distinct keys a free-form metric (404 paths, sources, campaigns) may take per day in this
 * process; past it the rest counts as `(other)`, so a scanner cannot grow the table.
 */
export const maxKeysPerDay = 200;
export const otherKey = "(other)";
const bounded: ReadonlySet<Metric> = new Set(["notFound", "source", "campaign"]);

/**
 * `add` counts one event now (day of `now()` in the owner's zone); `flush` writes what has
 * been counted since the last one. A failed write drops its counts and is logged once, until
 * a write succeeds again.
 */
export function createCounter(
  store: Pick<StatsStore, "add">,
  { now = Date.now, flushMs, log }: { now?: () => number; flushMs: number; log: Logger },
) {
  let pending = new Map<string, number>();
  let keysDay = "";
  const keysSeen = new Map<Metric, Set<string>>();
  let failing = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** `key` itself, or `(other)` once the metric has had its share of keys today. */
  function boundedKey(day: string, metric: Metric, key: string): string {
    if (!bounded.has(metric)) return key;
    if (day !== keysDay) {
      keysDay = day;
      keysSeen.clear();
    }
    let seen = keysSeen.get(metric);
    if (!seen) keysSeen.set(metric, (seen = new Set()));
    if (seen.has(key)) return key;
    if (seen.size >= maxKeysPerDay) return otherKey;
    seen.add(key);
    return key;
  }

  function add(metric: Metric, key = "", lang = "") {
    const day = localDay(now());
    const kept = metric === "notFound" ? key.slice(0, maxPathLength) : key;
    const id = `${day}\t${metric}\t${boundedKey(day, metric, kept)}\t${lang}`;
    pending.set(id, (pending.get(id) ?? 0) + 1);
  }

  async function write() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([id, count]) => {
      const [day = "", metric = "", key = "", lang = ""] = id.split("\t");
      return { day, metric: metric as Metric, key, lang, count };
    });
    try {
      await store.add(rows);
      if (failing) log.info("visit counts are written to the database again");
      failing = false;
    } catch (error) {
      if (!failing) {
        log.error(
          { err: error, dropped: rows.length },
          "could not write visit counts; they are dropped until the database answers again (logged once)",
        );
      }
      failing = true;
    }
  }

  /** One write at a time; a call during a write waits for it, then writes what came since. */
  async function flush() {
    while (running) await running;
    running = write().finally(() => (running = undefined));
    await running;
  }

  return {
    add,
    flush,
    /** Counts not yet written (for tests and the health of the counter). */
    get pendingSize() {
      return pending.size;
    },
    start() {
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    /** Stops the timer and writes what is left (on SIGTERM, before the database closes). */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
