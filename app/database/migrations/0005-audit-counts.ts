// The panel's audit log keeps refused sign-in and enrolment attempts as one line per client and
// reason per window, with a count, instead of a line each: a probe wrote 6,547 lines in ten
// seconds. `client` is a short keyed hash of the client's network (never its address), `count`
// the attempts the line stands for (1 for every other line).
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("panel_audit").addColumn("client", "text").execute();
  await db.schema
    .alterTable("panel_audit")
    .addColumn("count", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
}
