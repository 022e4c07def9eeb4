// Calls booked on the booking page (app/booking), and the e-mails the outbox sends as they
// were composed (the invitations), beside the contact messages it already sends.
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import { sql, type Kysely } from "kysely";
import { engineOf } from "#app/database/engine.ts";

export async function up(db: Kysely<any>) {
  const postgres = engineOf(db) === "postgres";
  const big = postgres ? "bigint" : "integer";
  await db.schema
    .createTable("bookings")
    .addColumn("id", "integer", (column) =>
      postgres ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey(),
    )
    .addColumn("created_at", big, (column) => column.notNull())
    .addColumn("lang", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("company", "text")
    .addColumn("topic", "text", (column) => column.notNull())
    .addColumn("start_at", big, (column) => column.notNull())
    .addColumn("end_at", big, (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('booked', 'cancelled')`),
    )
    // The invitation's SEQUENCE: raised by every move and by the cancellation.
    .addColumn("sequence", "integer", (column) => column.notNull().defaultTo(0))
    .$call((table) => (postgres ? table : table.modifyEnd(sql`strict`)))
    .execute();
  // A slot is taken once, whichever server takes it: the database refuses a second booked row
  // with the same start. A cancelled booking frees its slot.
  await db.schema
    .createIndex("bookings_slot")
    .on("bookings")
    .column("start_at")
    .unique()
    .where(sql.ref("status"), "=", "booked")
    .execute();
  await db.schema.createIndex("bookings_created").on("bookings").column("created_at").execute();
  // An e-mail composed in full (JSON: nodemailer's message, invitation included), sent as it is.
  await db.schema.alterTable("messages").addColumn("mail", "text").execute();
}
