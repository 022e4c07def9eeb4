import { createContext } from "react-router";
import { siteConfig, type Language } from "#app/config/site.ts";
import type { Logger } from "#app/config/log.server.ts";
import { createMailer } from "#app/contact/mailer.server.ts";
import { createOutbox, type Outbox } from "#app/contact/outbox.server.ts";
import { createRateLimiter } from "#app/limits/rate-limit.server.ts";
import type { ContactSettings } from "#app/config/settings.server.ts";
import { messageStore } from "#app/contact/store.server.ts";
import type { Database } from "#app/database/database.server.ts";
import type { LimitsStore } from "#app/limits/store.server.ts";
import { submitContact } from "#app/contact/submit.server.ts";

const dayMs = 24 * 3600 * 1000;

/** Runs `task` every `ms`, logging instead of crashing the process when it fails. */
function repeat(ms: number, what: string, task: () => Promise<unknown>, log: Logger) {
  const run = () =>
    task().catch((error: unknown) => log.error({ err: error }, `${what} failed; will try again`));
  const timer = setInterval(() => void run(), ms);
  timer.unref();
  return { run, timer };
}

/**
 * The contact system of one server process: the message store on the site's `database`
 * (SQLite, or PostgreSQL shared with other servers; opened and closed by the caller), the
 * e-mail outbox, the rate limiter and the daily purge that applies the retention the privacy
 * policy states. `now`: the clock (milliseconds) of all of them.
 */
export async function startContactService(
  settings: ContactSettings,
  {
    database,
    limits,
    log,
    now = Date.now,
  }: {
    database: Database;
    /** The rate limits' counts and the mailbox cap's (app/limits). */
    limits: LimitsStore;
    log: Logger;
    now?: () => number;
  },
) {
  /** Told of every message stored that is not spam (the visit counts count it). */
  const storedListeners: ((lang: Language) => void)[] = [];
  /** Further deletions the daily purge runs, under its lock (the visit counts' retention). */
  const purges: (() => Promise<void>)[] = [];
  const store = await messageStore(database);
  const rateWindowMs = settings.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = createRateLimiter(limits, {
    max: settings.RATE_LIMIT_MAX,
    windowMs: rateWindowMs,
    now,
  });
  const mailWindowMs = settings.CONTACT_MAIL_WINDOW_SECONDS * 1000;

  let outbox: Outbox | undefined;
  const { pending } = await store.counts();
  if (settings.SMTP_URL) {
    const mailer = createMailer(settings.SMTP_URL, {
      from: settings.CONTACT_FROM,
      to: settings.CONTACT_TO,
      timeoutMs: settings.SMTP_TIMEOUT_SECONDS * 1000,
      deadlineMs: settings.SMTP_SEND_DEADLINE_SECONDS * 1000,
    });
    outbox = createOutbox(
      { store, quota: limits },
      mailer,
      {
        pollMs: settings.OUTBOX_POLL_SECONDS * 1000,
        retryBaseMs: settings.OUTBOX_RETRY_BASE_SECONDS * 1000,
        retryMaxMs: settings.OUTBOX_RETRY_MAX_SECONDS * 1000,
        maxAttempts: settings.OUTBOX_MAX_ATTEMPTS,
        leaseMs: settings.OUTBOX_LEASE_SECONDS * 1000,
        mailPerWindow: settings.CONTACT_MAIL_PER_HOUR,
        windowMs: mailWindowMs,
        ownerAddress: settings.CONTACT_TO,
        now,
      },
      log,
    );
    outbox.start();
    log.info(
      { backlog: pending, database: database.engine },
      "contact messages are stored and e-mailed",
    );
  } else {
    log.warn(
      { backlog: pending, database: database.engine },
      "SMTP_URL is not set: contact messages are stored in the database but NOT e-mailed (npm run inbox -- list)",
    );
  }

  const retentionDays = siteConfig.legal.contactRetentionDays;
  // With several servers it runs several times a day (the lock only stops overlaps):
  // harmless, each run deletes what is past retention at that moment.
  const purge = repeat(
    dayMs,
    "daily purge of contact messages",
    () =>
      database.exclusively("purge", async () => {
        const removed = await store.purgeOlderThan(now() - retentionDays * dayMs);
        if (removed) log.info({ removed, retentionDays }, "purged contact messages past retention");
        for (const more of purges) await more();
      }),
    log,
  );
  const sweep = repeat(
    60_000,
    "sweep of expired rate-limit entries",
    () => limits.sweep(now(), now() - 2 * mailWindowMs),
    log,
  );
  await purge.run();
  await sweep.run();

  return {
    submit: (request: Request, context: { clientKey: string; lang: Language; timed: boolean }) =>
      submitContact(request, context, {
        store,
        consume: (clientKey) => limiter.consume(clientKey),
        onStored: (lang) => {
          void outbox?.kick();
          for (const listener of storedListeners) listener(lang);
        },
        minFillMs: settings.CONTACT_MIN_FILL_SECONDS * 1000,
        log,
      }),
    /** Counts one form submission of a client against the rate limit (the booking form too). */
    consume: (clientKey: string) => limiter.consume(clientKey),
    /** Asks the outbox to send what was queued (a booking's invitations). */
    deliver: () => void outbox?.kick(),
    /** The stored messages themselves, for the owner's panel (/panel). */
    messages: store,
    /** Calls `listener` with the language of every message stored that is not spam. */
    onMessageStored: (listener: (lang: Language) => void) => void storedListeners.push(listener),
    /** Adds a deletion to the daily purge (it runs at the next purge, then daily). */
    addPurge: (task: () => Promise<void>) => void purges.push(task),
    /** For /healthz; never throws: an unreachable database reads as `database: false`. */
    async health() {
      const counts = await store.counts().catch(() => undefined);
      return {
        database: counts !== undefined,
        pending: counts?.pending ?? null,
        failed: counts?.failed ?? null,
        held: counts?.held ?? null,
        spam: counts?.spam ?? null,
        suspected: counts?.suspected ?? null,
        delivery: outbox ? ("smtp" as const) : ("disabled" as const),
        lastDeliveryError: outbox?.lastError ?? null,
      };
    },
    /** Stops the timers and lets the delivery in progress finish (the database stays open). */
    async stop() {
      clearInterval(purge.timer);
      clearInterval(sweep.timer);
      await outbox?.stop();
    },
  };
}

export type ContactService = Awaited<ReturnType<typeof startContactService>>;

/** What each request's actions can use: the contact system and who is asking. */
export const requestContext = createContext<{ contact: ContactService; clientKey: string }>();
