import { createContext } from "react-router";
import { siteConfig, type Language } from "#app/config/site.ts";
import type { Logger } from "#app/config/log.server.ts";
import { composeSummary, messageSource } from "#app/contact/notification.server.ts";
import { createRateLimiter } from "#app/limits/rate-limit.server.ts";
import type { ContactSettings } from "#app/config/settings.server.ts";
import { messageStore } from "#app/contact/store.server.ts";
import type { Database } from "#app/database/database.server.ts";
import type { LimitsStore } from "#app/limits/store.server.ts";
import type { SummaryItem } from "#app/mail/outbox.server.ts";
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
    deliver,
    log,
    now = Date.now,
  }: {
    database: Database;
    /** The rate limits' counts (app/limits). */
    limits: LimitsStore;
    /** Asks the outbox (app/mail) to send what was stored now. */
    deliver: () => void;
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

  const { pending } = await store.counts();
  if (settings.SMTP_URL)
    log.info(
      { backlog: pending, database: database.engine },
      "contact messages are stored and e-mailed",
    );
  else
    log.warn(
      { backlog: pending, database: database.engine },
      "SMTP_URL is not set: contact messages are stored in the database but NOT e-mailed (npm run inbox -- list)",
    );
  const from = { from: settings.CONTACT_FROM, to: settings.CONTACT_TO };

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
          deliver();
          for (const listener of storedListeners) listener(lang);
        },
        minFillMs: settings.CONTACT_MIN_FILL_SECONDS * 1000,
        log,
      }),
    /** Counts one form submission of a client against the rate limit (the booking form too). */
    consume: (clientKey: string) => limiter.consume(clientKey),
    /** The messages as the outbox (app/mail) sends them: the owner's notification of each. */
    source: messageSource(store, from),
    /** The one e-mail to the owner that lists what was held over the hourly cap. */
    summarize: (items: SummaryItem[]) => composeSummary(items, from),
    /** The stored messages themselves, for the owner's panel (/panel). */
    messages: store,
    /** Calls `listener` with the language of every message stored that is not spam. */
    onMessageStored: (listener: (lang: Language) => void) => void storedListeners.push(listener),
    /** Adds a deletion to the daily purge (it runs at the next purge, then daily). */
    addPurge: (task: () => Promise<void>) => void purges.push(task),
    /** The messages' counts; rejects when the database cannot be read. */
    counts: () => store.counts(),
    /** Stops the timers (the database stays open). */
    stop() {
      clearInterval(purge.timer);
      clearInterval(sweep.timer);
    },
  };
}

export type ContactService = Awaited<ReturnType<typeof startContactService>>;

/** What each request's actions can use: the contact system and who is asking. */
export const requestContext = createContext<{ contact: ContactService; clientKey: string }>();
