// The site's e-mail of one server process: the outbox that sends, over SMTP (SMTP_URL), what
// the features queued: the contact messages (their source is the contact module's) and the
// composed e-mails of the outbox's own table (`mails`: bookings' and the panel's invitations).
// Without SMTP_URL nothing is sent; everything stays queued in the database.
import type { SendMailOptions } from "nodemailer";
import type { ContactSettings } from "#app/config/settings.server.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { Database } from "#app/database/database.server.ts";
import type { LimitsStore } from "#app/limits/store.server.ts";
import {
  anySource,
  createOutbox,
  type Outbox,
  type Source,
  type SummaryItem,
} from "#app/mail/outbox.server.ts";
import type { Queued } from "#app/mail/queue.server.ts";
import { createSender } from "#app/mail/sender.server.ts";
import {
  mailStore,
  type MailStore,
  type OneTimeMail,
  type StoredMail,
} from "#app/mail/store.server.ts";

/** The outbox's own mark (`oneTime`) is not nodemailer's to read. */
function withoutMark({ oneTime, ...mail }: SendMailOptions & OneTimeMail): SendMailOptions {
  void oneTime;
  return mail;
}

/** The composed e-mails as the outbox sends them; `ownerAddress`: CONTACT_TO. */
export function composedMails(mails: MailStore, ownerAddress: string, log: Logger) {
  const owner = ownerAddress.toLowerCase();
  return anySource<StoredMail>({
    what: "e-mail",
    queue: mails,
    // The cap guards the owner's mailbox against floods: the company's copies of bookings,
    // moves and cancellations count as contact messages do. A visitor's invitation (limited
    // per address and day on the booking page) must reach the visitor, never a summary.
    capped: (mail) => mail.recipient.toLowerCase() === owner,
    compose: (mail) => withoutMark(JSON.parse(mail.mail) as SendMailOptions & OneTimeMail),
    summaryItem: (mail) => ({
      id: mail.id,
      createdAt: mail.createdAt,
      name: mail.name,
      text: mail.subject,
      suspected: false,
    }),
    beforePass: async (at) => {
      const moved = await mails.handOver(at);
      if (moved) log.info({ moved }, "composed e-mails taken over from the contact messages");
    },
  });
}

export function startMail(
  settings: ContactSettings,
  {
    database,
    limits,
    sources,
    summarize,
    log,
    now = Date.now,
  }: {
    database: Database;
    /** The owner's mailbox cap (app/limits). */
    limits: LimitsStore;
    /** Further tables to send from, before the composed e-mails: the contact messages. */
    sources: Source<Queued>[];
    /** The one e-mail that lists what was held over the cap. */
    summarize: (items: SummaryItem[]) => SendMailOptions;
    log: Logger;
    now?: () => number;
  },
) {
  const mails = mailStore(database);
  const composed = composedMails(mails, settings.CONTACT_TO, log);
  let outbox: Outbox | undefined;
  if (settings.SMTP_URL) {
    outbox = createOutbox(
      {
        sources: [...sources, composed],
        quota: limits,
        sender: createSender(settings.SMTP_URL, {
          timeoutMs: settings.SMTP_TIMEOUT_SECONDS * 1000,
          deadlineMs: settings.SMTP_SEND_DEADLINE_SECONDS * 1000,
        }),
        summarize,
      },
      {
        pollMs: settings.OUTBOX_POLL_SECONDS * 1000,
        retryBaseMs: settings.OUTBOX_RETRY_BASE_SECONDS * 1000,
        retryMaxMs: settings.OUTBOX_RETRY_MAX_SECONDS * 1000,
        maxAttempts: settings.OUTBOX_MAX_ATTEMPTS,
        leaseMs: settings.OUTBOX_LEASE_SECONDS * 1000,
        mailPerWindow: settings.CONTACT_MAIL_PER_HOUR,
        windowMs: settings.CONTACT_MAIL_WINDOW_SECONDS * 1000,
        now,
      },
      log,
    );
    outbox.start();
  }
  return {
    /** Whether anything is e-mailed (SMTP_URL is set). */
    sends: outbox !== undefined,
    /** Asks the outbox to send what was queued now (a message, a booking's invitations). */
    deliver: () => void outbox?.kick(),
    /** The composed e-mails' table. */
    mails,
    /** For /healthz: the e-mails queued, and how delivery goes. */
    async health() {
      return {
        ...(await mails.counts()),
        delivery: outbox ? ("smtp" as const) : ("disabled" as const),
        lastDeliveryError: outbox?.lastError ?? null,
      };
    },
    /** Stops polling and lets the delivery in progress finish. */
    stop: async () => {
      await outbox?.stop();
    },
  };
}

export type MailService = ReturnType<typeof startMail>;
