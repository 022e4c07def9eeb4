// The outbox's own table (app/mail): the e-mails composed in full (a booking's invitations,
// the panel's invitations), which until now were rows of the contact messages' table with
// their `mail` column set. Each moves with its outbox state (tries, lease, outcome), so none
// is lost and none is sent twice: a row under a live lease stays until its lease ends, since
// the server holding it (the release before, still serving while this one is migrated) may
// be sending it and will record the outcome where it claimed it; the new outbox moves it, and
// anything that release still queues the old way, before each pass (`handOverComposedMails`).
// `messages.mail` stays for that release's sake; a later migration drops it.
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import { sql, type Kysely } from "kysely";
import { engineOf } from "#app/database/engine.ts";

export async function up(db: Kysely<any>) {
  const postgres = engineOf(db) === "postgres";
  const big = postgres ? "bigint" : "integer";
  await db.schema
    .createTable("mails")
    .addColumn("id", "integer", (column) =>
      postgres ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey(),
    )
    .addColumn("created_at", big, (column) => column.notNull())
    .addColumn("recipient", "text", (column) => column.notNull())
    // Whom it is about (a booking's visitor), for the summary over the e-mail cap.
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    // The e-mail as nodemailer takes it (JSON).
    .addColumn("mail", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('pending', 'sent', 'failed', 'held', 'summarized')`),
    )
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", big)
    .addColumn("last_error", "text")
    .addColumn("sent_at", big)
    .addColumn("claimed_by", "text")
    .addColumn("lease_until", big)
    .$call((table) => (postgres ? table : table.modifyEnd(sql`strict`)))
    .execute();
  await db.schema
    .createIndex("mails_due")
    .on("mails")
    .columns(["status", "next_attempt_at"])
    .execute();
  await handOverComposedMails(db, Date.now());
}

/**
 * Moves the composed e-mails out of the contact messages' table, those under a live lease at
 * `now` excepted; resolves with how many. Deleted first, then inserted, in one transaction: of
 * two servers doing it at once, the second finds the rows gone (PostgreSQL's row locks;
 * SQLite has one writer at a time).
 */
export async function handOverComposedMails(db: Kysely<any>, now: number): Promise<number> {
  const move = async (trx: Kysely<any>) => {
    const rows = await trx
      .deleteFrom("messages")
      .where("mail", "is not", null)
      .where((eb: any) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
      .returning([
        "created_at",
        "email",
        "name",
        "message",
        "mail",
        "status",
        "attempts",
        "next_attempt_at",
        "last_error",
        "sent_at",
      ])
      .execute();
    if (!rows.length) return 0;
    await trx
      .insertInto("mails")
      .values(
        rows.map((row: any) => ({
          created_at: row.created_at,
          recipient: row.email,
          name: row.name,
          subject: row.message,
          mail: row.mail,
          status: row.status,
          attempts: row.attempts,
          next_attempt_at: row.next_attempt_at,
          last_error: row.last_error,
          sent_at: row.sent_at,
        })),
      )
      .execute();
    return rows.length;
  };
  return db.isTransaction ? move(db) : db.transaction().execute(move);
}
