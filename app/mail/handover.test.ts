// The composed e-mails move from the contact messages' table to the outbox's own
// (migrations/0006-mails.ts) on a database the release before left, while that release may
// still be sending: each is sent exactly once across the move, on SQLite and PostgreSQL.
import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { composeSummary, messageSource } from "#app/contact/notification.server.ts";
import { createOutbox } from "#app/mail/outbox.server.ts";
import { createSender } from "#app/mail/sender.server.ts";
import { composedMails } from "#app/mail/service.server.ts";
import { openMessages, type OpenedMessages } from "#tests/support/database.ts";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";
import { startSmtp, type SmtpServer } from "#tests/support/smtp.ts";

const minute = 60_000;
const log = pino({ level: "silent" });
const addresses = { from: "a@example.com", to: "owner@example.com" };

describe(`composed e-mails moved to their own table, on ${databaseUnderTest}`, () => {
  const databases = unitTestDatabases();
  let store: OpenedMessages | undefined;
  let smtp: SmtpServer | undefined;
  afterAll(() => databases.stop());
  afterEach(async () => {
    await store?.close();
    await smtp?.close();
  });

  it("sends each pending, leased and failed e-mail exactly once after the migration", async () => {
    const where = await databases.open();
    // A database as the release before this table left it: the migration taken back.
    const fresh = await openMessages(where);
    await sql`drop table mails`.execute(fresh.database.db);
    await sql`delete from kysely_migration where name = '0006-mails'`.execute(fresh.database.db);
    // The outbox's clock; the migration itself reads the real one.
    let time = Date.now();
    const queued = (subject: string, more: Record<string, unknown> = {}) => ({
      created_at: time - minute,
      lang: "",
      name: "Núria",
      email: subject.startsWith("Owner") ? "owner@example.com" : "nuria@example.cat",
      message: subject,
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: time - minute,
      sent_at: null,
      claimed_by: null,
      lease_until: null,
      spam_reason: null,
      suspicion: null,
      mail: JSON.stringify({ from: "a@example.com", to: "nuria@example.cat", subject, text: "." }),
      ...more,
    });
    // Queued the old way, as the release before wrote them: among the messages.
    await fresh.database.db
      .insertInto("messages")
      .values([
        queued("Pending"),
        queued("Owner copy"),
        queued("Failed", { status: "failed", attempts: 15, next_attempt_at: null }),
        queued("Sent before", { status: "sent", attempts: 1, sent_at: time - minute }),
        // Being sent by a server of the release before, which records it sent…
        queued("Leased, recorded", { claimed_by: "old:1", lease_until: time + 2 * minute }),
        // …and by one that dies before it records anything.
        queued("Leased, lost", { claimed_by: "old:2", lease_until: time + 2 * minute }),
      ])
      .execute();
    await fresh.insert({ lang: "es", name: "Ana", email: "ana@example.com", message: "Hola" });
    await fresh.close();

    store = await openMessages(where);
    // Moved with their state, but not those under a live lease; the visitor's message stays.
    expect((await store.list()).map((row) => row.message).sort()).toEqual([
      "Hola",
      "Leased, lost",
      "Leased, recorded",
    ]);
    expect(await store.mails.counts()).toEqual({ pending: 2, failed: 1, held: 0 });

    smtp = await startSmtp();
    const outbox = createOutbox(
      {
        sources: [messageSource(store, addresses), composedMails(store.mails, addresses.to, log)],
        quota: store.limits,
        sender: createSender(smtp.url, { timeoutMs: 5000, deadlineMs: 10_000 }),
        summarize: (items) => composeSummary(items, addresses),
      },
      {
        pollMs: 60 * minute,
        retryBaseMs: minute,
        retryMaxMs: minute,
        maxAttempts: 3,
        leaseMs: minute,
        mailPerWindow: 100,
        windowMs: 60 * minute,
        now: () => time,
      },
      log,
    );
    try {
      await outbox.kick();
      // The release before records its send where it claimed it, as its code did.
      await sql`update messages set status = 'sent', attempts = attempts + 1, sent_at = ${time},
        claimed_by = null, lease_until = null where message = 'Leased, recorded'`.execute(
        store.database.db,
      );
      // `npm run inbox -- retry --failed`.
      expect(await store.mails.requeueFailed(time)).toBe(1);
      time += 3 * minute; // both leases have ended
      await outbox.kick();
      time += 60 * minute;
      await outbox.kick();
      await outbox.kick();
    } finally {
      await outbox.stop();
    }
    const subjects = smtp.received.map((mail) => mail.headers["subject"]).sort();
    expect(subjects).toEqual([
      "Failed",
      "Leased, lost",
      "Nuevo mensaje de contacto: Ana",
      "Owner copy",
      "Pending",
    ]);
    // Nothing composed is left among the messages; each composed e-mail ended as sent.
    expect((await store.list()).map((row) => row.message)).toEqual(["Hola"]);
    const mails = [
      ...(await store.mails.to("nuria@example.cat")),
      ...(await store.mails.to("owner@example.com")),
    ];
    expect(mails.map((mail) => [mail.subject, mail.status]).sort()).toEqual([
      ["Failed", "sent"],
      ["Leased, lost", "sent"],
      ["Leased, recorded", "sent"],
      ["Owner copy", "sent"],
      ["Pending", "sent"],
      ["Sent before", "sent"],
    ]);
  });
});
