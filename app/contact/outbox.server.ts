import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { Logger } from "#app/config/log.server.ts";
import type { Mailer } from "#app/contact/mailer.server.ts";
import type { MessageStore } from "#app/contact/store.server.ts";
import type { LimitsStore } from "#app/limits/store.server.ts";

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
  /** CONTACT_TO: every e-mail to it counts against the cap, a booking's copy included. */
  ownerAddress: string;
  /** The clock (milliseconds); tests move it instead of waiting. */
  now?: () => number;
};

/** Wait before the next try after `attempts` failures: doubling from the base, capped. */
export function backoffMs(attempts: number, { retryBaseMs, retryMaxMs }: OutboxOptions): number {
  return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers stored messages by e-mail, oldest first. Each is claimed with a lease before it
 * is sent, so servers sharing a database never send the same one, and one claimed by a
 * server that died is sent by another once the lease ends. Each send's deadline is below
 * the lease (the settings check it), and an outcome is recorded only while this server
 * still holds the claim.
 *
 * A database error ends the pass (the next poll tries again), never counting as a failed
 * delivery. A message the mail server accepted but not yet recorded as sent is remembered
 * here, never sent again by this process (the stable Message-ID covers the rest).
 */
export function createOutbox(
  {
    store,
    quota,
  }: {
    store: MessageStore;
    /** The owner's mailbox cap: the e-mails of each window, shared by every server. */
    quota: Pick<LimitsStore, "takeMailSlot" | "returnMailSlot">;
  },
  mailer: Mailer,
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
   * Accepted by the mail server, not yet recorded as sent: id → when, and whether this
   * server still holds its claim. Recorded at the next pass if it does, else when this
   * server claims the message again.
   */
  const unrecorded = new Map<number, { at: number; claimHeld: boolean }>();
  /** Held messages listed in a summary e-mail that went out but is not recorded yet. */
  const summarized = new Set<number>();

  /** Logs a mark that found the message no longer claimed by this server. */
  function warnClaimLost(messageId: number, outcome: string) {
    log.warn(
      { messageId, outcome },
      "contact message: the outbox lease ran out before its outcome was recorded; another server may have claimed it",
    );
  }

  async function recordSent(id: number, at: number) {
    unrecorded.set(id, { at, claimHeld: true });
    if (await store.markSent(id, owner, at)) unrecorded.delete(id);
    else {
      unrecorded.set(id, { at, claimHeld: false });
      warnClaimLost(id, "sent");
    }
  }

  async function recordLeftovers() {
    for (const [id, { at, claimHeld }] of unrecorded) if (claimHeld) await recordSent(id, at);
  }

  async function recordSummarized(ids: number[]) {
    for (const id of ids) summarized.add(id);
    const recorded = await store.markSummarized(ids, owner, now());
    for (const id of ids) summarized.delete(id);
    if (recorded.length < ids.length) {
      log.warn(
        { count: ids.length - recorded.length },
        "contact summary e-mail: the outbox lease ran out before it was recorded; another server may send the summary again",
      );
    }
  }

  /** Held messages whose window has ended: one summary e-mail for all of them. */
  async function summarizeHeld() {
    const held = await store.claimHeld(owner, now(), options.leaseMs);
    if (!held.length) return;
    // Listed in a summary that went out but could not be recorded: record, never resend.
    const done = held.filter((message) => summarized.has(message.id));
    if (done.length) await recordSummarized(done.map((message) => message.id));
    const fresh = held.filter((message) => !summarized.has(message.id));
    if (!fresh.length) return;
    try {
      await mailer.sendSummary(fresh);
    } catch (error) {
      // They stay claimed until the lease ends, then the summary is tried again.
      lastError = { at: now(), message: reasonOf(error) };
      log.warn({ count: fresh.length, err: reasonOf(error) }, "contact summary e-mail failed");
      return;
    }
    await recordSummarized(fresh.map((message) => message.id));
    log.info({ count: fresh.length }, "contact messages over the e-mail cap summarised");
  }

  async function deliverDue() {
    await recordLeftovers();
    await summarizeHeld();
    while (!stopped) {
      const claimedAt = now();
      const [message] = await store.claimDue(owner, claimedAt, options.leaseMs, 1);
      if (!message) return;
      const sent = unrecorded.get(message.id);
      if (sent !== undefined) {
        await recordSent(message.id, sent.at);
        continue;
      }
      const window = claimedAt - (claimedAt % options.windowMs);
      // The cap guards the owner's mailbox against floods: contact messages and the company's
      // copies of bookings, moves and cancellations alike. A visitor's invitation (limited
      // per address and day on the booking page) must reach the visitor, never a summary.
      const capped =
        message.mail === null || message.email.toLowerCase() === options.ownerAddress.toLowerCase();
      if (capped && !(await quota.takeMailSlot(window, options.mailPerWindow))) {
        if (!(await store.hold(message.id, owner, window + options.windowMs))) {
          warnClaimLost(message.id, "held");
          continue;
        }
        log.warn(
          { messageId: message.id, perWindow: options.mailPerWindow },
          "contact e-mail cap reached: message kept for the summary e-mail",
        );
        continue;
      }
      let failure: string | undefined;
      try {
        // Within the mailer's deadline, which the settings keep well below the lease.
        await mailer.send(message);
      } catch (error) {
        failure = reasonOf(error);
      }
      if (failure === undefined) {
        // Accepted by the mail server: from here on, never send it again.
        await recordSent(message.id, now());
        log.info(
          { messageId: message.id, attempts: message.attempts + 1 },
          "contact message delivered",
        );
        continue;
      }
      lastError = { at: now(), message: failure };
      if (capped) await quota.returnMailSlot(window);
      const attempts = message.attempts + 1;
      if (attempts >= options.maxAttempts) {
        if (!(await store.markFailed(message.id, owner, failure))) {
          warnClaimLost(message.id, "failed");
          continue;
        }
        log.error(
          { messageId: message.id, attempts, err: failure },
          "CONTACT MESSAGE UNDELIVERABLE: gave up e-mailing it; it is kept in the database (npm run inbox -- retry)",
        );
      } else {
        const delay = backoffMs(attempts, options);
        if (!(await store.retryLater(message.id, owner, now() + delay, failure))) {
          warnClaimLost(message.id, "retry");
          continue;
        }
        log.warn(
          { messageId: message.id, attempts, retryInMs: delay, err: failure },
          "contact message delivery failed, will retry",
        );
      }
    }
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
      mailer.close();
    },
    get lastError() {
      return lastError;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
