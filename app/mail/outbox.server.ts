import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { SendMailOptions } from "nodemailer";
import type { Logger } from "#app/config/log.server.ts";
import type { LimitsStore } from "#app/limits/store.server.ts";
import type { DeliveryQueue, Queued } from "#app/mail/queue.server.ts";
import type { Sender } from "#app/mail/sender.server.ts";

/** One line of the summary e-mail over the cap. */
export type SummaryItem = {
  id: number;
  createdAt: number;
  name: string;
  text: string;
  suspected: boolean;
};

/**
 * A table of things to e-mail: the contact messages (the owner's notification of each), the
 * composed e-mails. `capped`: whether it counts against the owner's mailbox cap; `compose`:
 * the e-mail it is sent as.
 */
export type Source<Row extends Queued> = {
  /** How the log names one ("contact message", "e-mail"). */
  what: string;
  queue: Omit<DeliveryQueue<Row>, "requeue" | "requeueFailed">;
  capped(row: Row): boolean;
  compose(row: Row): SendMailOptions;
  summaryItem(row: Row): SummaryItem;
  /** Runs before each pass (the composed e-mails left in the contact messages' table). */
  beforePass?: (now: number) => Promise<unknown>;
};

/** A source among others, whatever its rows. */
export const anySource = <Row extends Queued>(source: Source<Row>) =>
  source as unknown as Source<Queued>;

export type OutboxOptions = {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** How long a claimed message is reserved for this server; then any server may take it. */
  leaseMs: number;
  /** E-mails per window; above it messages are held for one summary at the window's end. */
  mailPerWindow: number;
  windowMs: number;
  /** The clock (milliseconds); tests move it instead of waiting. */
  now?: () => number;
};

/** Wait before the next try after `attempts` failures: doubling from the base, capped. */
export function backoffMs(attempts: number, { retryBaseMs, retryMaxMs }: OutboxOptions): number {
  return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers what its sources hold by e-mail, oldest first in each. Each row is claimed with a
 * lease before it is sent, so servers sharing a database never send the same one, and one
 * claimed by a server that died is sent by another once the lease ends. Each send's deadline
 * is below the lease (the settings check it), and an outcome is recorded only while this
 * server still holds the claim.
 *
 * A database error ends the pass (the next poll tries again), never counting as a failed
 * delivery. A row the mail server accepted but not yet recorded as sent is remembered here,
 * never sent again by this process (the stable Message-ID covers the rest).
 */
export function createOutbox(
  {
    sources,
    quota,
    sender,
    summarize,
  }: {
    sources: Source<Queued>[];
    /** The owner's mailbox cap: the e-mails of each window, shared by every server. */
    quota: Pick<LimitsStore, "takeMailSlot" | "returnMailSlot">;
    sender: Sender;
    /** The one e-mail that lists what was held over the cap. */
    summarize: (items: SummaryItem[]) => SendMailOptions;
  },
  options: OutboxOptions,
  log: Logger,
) {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastError: { at: number; message: string } | undefined;
  /**
   * Accepted by the mail server, not yet recorded as sent: source and id → when, and whether
   * this server still holds its claim. Recorded at the next pass if it does, else when this
   * server claims the row again.
   */
  const unrecorded = new Map<string, { at: number; claimHeld: boolean }>();
  /** Held rows listed in a summary e-mail that went out but is not recorded yet. */
  const summarized = new Set<string>();
  const keyOf = (source: Source<Queued>, id: number) => `${sources.indexOf(source)}:${id}`;

  /** Logs a mark that found the row no longer claimed by this server. */
  function warnClaimLost(source: Source<Queued>, messageId: number, outcome: string) {
    log.warn(
      { messageId, outcome },
      `${source.what}: the outbox lease ran out before its outcome was recorded; another server may have claimed it`,
    );
  }

  async function recordSent(source: Source<Queued>, id: number, at: number) {
    const key = keyOf(source, id);
    unrecorded.set(key, { at, claimHeld: true });
    if (await source.queue.markSent(id, owner, at)) unrecorded.delete(key);
    else {
      unrecorded.set(key, { at, claimHeld: false });
      warnClaimLost(source, id, "sent");
    }
  }

  async function recordLeftovers() {
    for (const [key, { at, claimHeld }] of unrecorded) {
      const [index, id] = key.split(":").map(Number);
      const source = sources[index ?? -1];
      if (claimHeld && source) await recordSent(source, id ?? 0, at);
    }
  }

  async function recordSummarized(held: { source: Source<Queued>; row: Queued }[]) {
    for (const { source, row } of held) summarized.add(keyOf(source, row.id));
    let recorded = 0;
    for (const source of sources) {
      const ids = held.filter((entry) => entry.source === source).map((entry) => entry.row.id);
      recorded += (await source.queue.markSummarized(ids, owner, now())).length;
    }
    for (const { source, row } of held) summarized.delete(keyOf(source, row.id));
    if (recorded < held.length) {
      log.warn(
        { count: held.length - recorded },
        "contact summary e-mail: the outbox lease ran out before it was recorded; another server may send the summary again",
      );
    }
  }

  /** Held rows whose window has ended: one summary e-mail for all of them. */
  async function summarizeHeld() {
    const held: { source: Source<Queued>; row: Queued }[] = [];
    for (const source of sources) {
      const rows = await source.queue.claimHeld(owner, now(), options.leaseMs);
      held.push(...rows.map((row) => ({ source, row })));
    }
    if (!held.length) return;
    // Listed in a summary that went out but could not be recorded: record, never resend.
    const isDone = ({ source, row }: (typeof held)[number]) =>
      summarized.has(keyOf(source, row.id));
    const done = held.filter(isDone);
    if (done.length) await recordSummarized(done);
    const fresh = held.filter((entry) => !isDone(entry));
    if (!fresh.length) return;
    try {
      await sender.send(summarize(fresh.map(({ source, row }) => source.summaryItem(row))));
    } catch (error) {
      // They stay claimed until the lease ends, then the summary is tried again.
      lastError = { at: now(), message: reasonOf(error) };
      log.warn({ count: fresh.length, err: reasonOf(error) }, "contact summary e-mail failed");
      return;
    }
    await recordSummarized(fresh);
    log.info({ count: fresh.length }, "contact messages over the e-mail cap summarised");
  }

  /** Sends what is due in `source`, one row at a time, until none is left. */
  async function deliverFrom(source: Source<Queued>) {
    const { queue, what } = source;
    while (!stopped) {
      const claimedAt = now();
      const [row] = await queue.claimDue(owner, claimedAt, options.leaseMs, 1);
      if (!row) return;
      const sent = unrecorded.get(keyOf(source, row.id));
      if (sent !== undefined) {
        await recordSent(source, row.id, sent.at);
        continue;
      }
      const window = claimedAt - (claimedAt % options.windowMs);
      const capped = source.capped(row);
      if (capped && !(await quota.takeMailSlot(window, options.mailPerWindow))) {
        if (!(await queue.hold(row.id, owner, window + options.windowMs))) {
          warnClaimLost(source, row.id, "held");
          continue;
        }
        log.warn(
          { messageId: row.id, perWindow: options.mailPerWindow },
          `contact e-mail cap reached: ${what} kept for the summary e-mail`,
        );
        continue;
      }
      let failure: string | undefined;
      try {
        // Within the sender's deadline, which the settings keep well below the lease.
        await sender.send(source.compose(row));
      } catch (error) {
        failure = reasonOf(error);
      }
      if (failure === undefined) {
        // Accepted by the mail server: from here on, never send it again.
        await recordSent(source, row.id, now());
        log.info({ messageId: row.id, attempts: row.attempts + 1 }, `${what} delivered`);
        continue;
      }
      lastError = { at: now(), message: failure };
      if (capped) await quota.returnMailSlot(window);
      const attempts = row.attempts + 1;
      if (attempts >= options.maxAttempts) {
        if (!(await queue.markFailed(row.id, owner, failure))) {
          warnClaimLost(source, row.id, "failed");
          continue;
        }
        log.error(
          { messageId: row.id, attempts, err: failure },
          `${what.toUpperCase()} UNDELIVERABLE: gave up e-mailing it; it is kept in the database (npm run inbox -- retry)`,
        );
      } else {
        const delay = backoffMs(attempts, options);
        if (!(await queue.retryLater(row.id, owner, now() + delay, failure))) {
          warnClaimLost(source, row.id, "retry");
          continue;
        }
        log.warn(
          { messageId: row.id, attempts, retryInMs: delay, err: failure },
          `${what} delivery failed, will retry`,
        );
      }
    }
  }

  async function deliverDue() {
    for (const source of sources) await source.beforePass?.(now());
    await recordLeftovers();
    await summarizeHeld();
    for (const source of sources) await deliverFrom(source);
  }

  /** Runs a delivery pass now, or right after the one in progress; resolves after it. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue();
      } while (again && !stopped);
    })()
      .catch((error: unknown) =>
        log.error(
          { err: error, unrecorded: [...unrecorded.keys()] },
          "outbox pass stopped: the database refused; trying again at the next poll",
        ),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    kick,
    start() {
      timer = setInterval(() => void kick(), options.pollMs);
      timer.unref();
      void kick();
    },
    /** Stops polling and waits for the delivery in progress. */
    async stop() {
      clearInterval(timer);
      stopped = true;
      await running;
      sender.close();
    },
    get lastError() {
      return lastError;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
