// Bookings past the booking page's daily budgets are held until the visitor confirms them from
// the e-mail (app/booking): until `held_until` their slot is reserved, then it is free again
// unless confirmed. Null for a confirmed booking, as every booking made before was.
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import type { Kysely } from "kysely";
import { engineOf } from "#app/database/engine.ts";

export async function up(db: Kysely<any>) {
  const big = engineOf(db) === "postgres" ? "bigint" : "integer";
  await db.schema.alterTable("bookings").addColumn("held_until", big).execute();
}
