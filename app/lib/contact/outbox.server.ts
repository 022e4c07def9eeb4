import type { Logger } from "~/lib/log.server";
import type { Mailer } from "./mailer.server";
import type { MessageStore } from "./store.server";

export type OutboxOptions = {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
};

/** Wait before the next try after `attempts` failures: doubling from the base, capped. */
export function backoffMs(attempts: number, { retryBaseMs, retryMaxMs }: OutboxOptions): number {
  return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers stored messages by e-mail, one at a time, oldest first. Messages stay in the
 * database until delivered, so a restart or a mail-server outage only delays them.
 */
export function createOutbox(
  store: MessageStore,
  mailer: Mailer,
  options: OutboxOptions,
  log: Logger,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastError: { at: number; message: string } | undefined;

  async function deliverDue() {
    for (;;) {
      const [message] = store.due(Date.now(), 1);
      if (!message || stopped) return;
      try {
        await mailer.send(message);
        store.markSent(message.id);
        log.info(
          { messageId: message.id, attempts: message.attempts + 1 },
          "contact message delivered",
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        lastError = { at: Date.now(), message: reason };
        const attempts = message.attempts + 1;
        if (attempts >= options.maxAttempts) {
          store.markFailed(message.id, reason);
          log.error(
            { messageId: message.id, attempts, err: reason },
            "CONTACT MESSAGE UNDELIVERABLE: gave up e-mailing it; it is kept in the database (npm run inbox -- retry)",
          );
        } else {
          const delay = backoffMs(attempts, options);
          store.retryLater(message.id, Date.now() + delay, reason);
          log.warn(
            { messageId: message.id, attempts, retryInMs: delay, err: reason },
            "contact message delivery failed, will retry",
          );
        }
      }
    }
  }

  /** Runs a delivery pass now, or right after the one in progress. */
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
      .catch((error: unknown) => log.error({ err: error }, "outbox pass crashed"))
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
    },
    get lastError() {
      return lastError;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
