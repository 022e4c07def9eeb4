import { createContext } from "react-router";
import { siteConfig, type Language } from "~/config/site";
import type { Logger } from "~/lib/log.server";
import { createMailer } from "./mailer.server";
import { createOutbox, type Outbox } from "./outbox.server";
import { createRateLimiter } from "./rate-limit.server";
import type { Settings } from "./settings.server";
import { openStore, type MessageStore } from "./store.server";
import { submitContact } from "./submit.server";

const dayMs = 24 * 3600 * 1000;

/**
 * The contact system of one server process: the message store, the e-mail outbox, the
 * rate limiter and the daily purge that applies the retention the privacy policy states.
 */
export function startContactService(settings: Settings, log: Logger) {
  const store: MessageStore = openStore(settings.DATABASE_PATH);
  const limiter = createRateLimiter({
    max: settings.RATE_LIMIT_MAX,
    windowMs: settings.RATE_LIMIT_WINDOW_SECONDS * 1000,
  });

  let outbox: Outbox | undefined;
  if (settings.SMTP_URL) {
    const mailer = createMailer(settings.SMTP_URL, {
      from: settings.CONTACT_FROM,
      to: settings.CONTACT_TO,
    });
    outbox = createOutbox(
      store,
      mailer,
      {
        pollMs: settings.OUTBOX_POLL_SECONDS * 1000,
        retryBaseMs: settings.OUTBOX_RETRY_BASE_SECONDS * 1000,
        retryMaxMs: settings.OUTBOX_RETRY_MAX_SECONDS * 1000,
        maxAttempts: settings.OUTBOX_MAX_ATTEMPTS,
      },
      log,
    );
    outbox.start();
    log.info({ backlog: store.backlog() }, "contact messages are stored and e-mailed");
  } else {
    log.warn(
      { backlog: store.backlog() },
      "SMTP_URL is not set: contact messages are stored in the database but NOT e-mailed (npm run inbox -- list)",
    );
  }

  const retentionDays = siteConfig.legal.contactRetentionDays;
  const purge = () => {
    const removed = store.purgeOlderThan(Date.now() - retentionDays * dayMs);
    if (removed) log.info({ removed, retentionDays }, "purged contact messages past retention");
    limiter.sweep();
  };
  purge();
  const purgeTimer = setInterval(purge, dayMs);
  purgeTimer.unref();
  const sweepTimer = setInterval(() => limiter.sweep(), 60_000);
  sweepTimer.unref();

  return {
    submit: (request: Request, context: { clientKey: string; lang: Language }) =>
      submitContact(request, context, {
        store,
        tryConsume: limiter.tryConsume,
        onStored: () => void outbox?.kick(),
        minFillMs: settings.CONTACT_MIN_FILL_SECONDS * 1000,
        log,
      }),
    health: () => ({
      database: store.ping(),
      backlog: store.backlog(),
      delivery: outbox ? "smtp" : "disabled",
      lastDeliveryError: outbox?.lastError ?? null,
    }),
    /** Stops the timers, lets the delivery in progress finish, then closes the database. */
    async stop() {
      clearInterval(purgeTimer);
      clearInterval(sweepTimer);
      await outbox?.stop();
      store.close();
    },
  };
}

export type ContactService = ReturnType<typeof startContactService>;

/** What each request's actions can use: the contact system and who is asking. */
export const requestContext = createContext<{ contact: ContactService; clientKey: string }>();
