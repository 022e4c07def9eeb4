// The outbox's own table (`mails`): the e-mails composed in full by the features (a booking's
// invitations, the panel's invitations), queued in the caller's transaction so that what the
// caller wrote is never without its e-mails, then sent by the outbox (./outbox.server.ts).
// Only this module reads or writes the table.
import type { Kysely } from "kysely";
import type { SendMailOptions } from "nodemailer";
import type { Database } from "#app/database/database.server.ts";
import { handOverComposedMails } from "#app/database/migrations/0006-mails.ts";
import type { Tables } from "#app/database/tables.ts";
import { deliveryQueue, type Queued } from "#app/mail/queue.server.ts";

/**
 * Marks an e-mail whose links hold one-time keys (`t=`): the key is taken out of the stored
 * copy once it is sent or given up.
 */
export type OneTimeMail = { oneTime?: boolean };

/** An e-mail to queue: to `recipient`, about `name` (whom the summary over the cap names). */
export type QueuedMail = { recipient: string; name: string; mail: SendMailOptions & OneTimeMail };

export type StoredMail = Queued & {
  recipient: string;
  name: string;
  subject: string;
  /** The e-mail as nodemailer takes it (JSON). */
  mail: string;
  status: Tables["mails"]["status"];
  lastError: string | null;
  sentAt: number | null;
};

const columns = [
  "id",
  "created_at as createdAt",
  "recipient",
  "name",
  "subject",
  "mail",
  "status",
  "attempts",
  "last_error as lastError",
  "sent_at as sentAt",
] as const;

/**
 * Queues composed e-mails in `trx` (the caller's transaction, or the database), due at `now`:
 * the outbox's clock, which is the real one even when a feature's own clock is set.
 */
export async function queueMails(trx: Kysely<Tables>, mails: QueuedMail[], now: number) {
  if (!mails.length) return;
  await trx
    .insertInto("mails")
    .values(
      mails.map(({ recipient, name, mail }) => ({
        created_at: now,
        recipient,
        name,
        subject: String(mail.subject ?? ""),
        mail: JSON.stringify(mail),
        status: "pending" as const,
        next_attempt_at: now,
      })),
    )
    .execute();
}

export function mailStore(database: Database) {
  const { db } = database;
  /**
   * An e-mail marked `oneTime` (a panel invitation) carries a key in its links' `t=`
   * parameter: once it is sent or given up, the key is taken out of the stored copy, so a copy
   * of the database holds no working link (the page of a link without its key says it has
   * expired, should the e-mail ever be sent again).
   */
  const scrubOneTime = async (id: number) => {
    const row = await db.selectFrom("mails").select("mail").where("id", "=", id).executeTakeFirst();
    const mail = row ? (JSON.parse(row.mail) as OneTimeMail & { text?: unknown }) : undefined;
    if (!mail?.oneTime || typeof mail.text !== "string") return;
    const text = mail.text.replace(/([?&]t=)[\w-]+/g, "$1");
    await db
      .updateTable("mails")
      .set({ mail: JSON.stringify({ ...mail, text }) })
      .where("id", "=", id)
      .execute();
  };
  return {
    ...deliveryQueue<StoredMail>(database, "mails", columns, scrubOneTime),
    get: (id: number): Promise<StoredMail | undefined> =>
      db.selectFrom("mails").select(columns).where("id", "=", id).executeTakeFirst(),
    /** Every e-mail to `recipient` (in any case), oldest first. */
    to: (recipient: string): Promise<StoredMail[]> =>
      db
        .selectFrom("mails")
        .select(columns)
        .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", recipient.trim().toLowerCase()))
        .orderBy("id")
        .execute(),
    /** E-mails waiting, given up on, and held over the e-mail cap. */
    async counts() {
      const rows = await db
        .selectFrom("mails")
        .select((eb) => ["status", eb.fn.countAll().as("count")])
        .where("status", "in", ["pending", "failed", "held"])
        .groupBy("status")
        .execute();
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { pending: of("pending"), failed: of("failed"), held: of("held") };
    },
    /** Deletes every e-mail to `recipient` (in any case); resolves with how many. */
    deleteTo: async (recipient: string) =>
      Number(
        (
          await db
            .deleteFrom("mails")
            .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", recipient.trim().toLowerCase()))
            .executeTakeFirst()
        ).numDeletedRows,
      ),
    /** Deletes the e-mails queued before `cutoff` (the contact messages' retention). */
    purgeOlderThan: async (cutoff: number) =>
      Number(
        (await db.deleteFrom("mails").where("created_at", "<", cutoff).executeTakeFirst())
          .numDeletedRows,
      ),
    /**
     * Takes over the composed e-mails the release before this table left in the contact
     * messages' table (migrations/0006-mails.ts); resolves with how many.
     */
    handOver: (now: number) => handOverComposedMails(db, now),
  };
}

export type MailStore = ReturnType<typeof mailStore>;
