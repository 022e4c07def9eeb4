// The panel as an office uses it: each visitor's message with its text folded for a search
// without case or accents (app/text/fold.ts), the same on SQLite and PostgreSQL; and each
// call's moves by the owner, counted apart so they leave the visitor's own changes intact.
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import type { Kysely } from "kysely";
import { messageSearchText } from "#app/text/fold.ts";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("messages").addColumn("search_text", "text").execute();
  // The messages already kept, folded by the same code as new ones (visitors' messages only:
  // a composed e-mail is never searched).
  const rows = (await db
    .selectFrom("messages")
    .select(["id", "name", "email", "message"])
    .where("mail", "is", null)
    .execute()) as { id: number; name: string; email: string; message: string }[];
  for (const row of rows) {
    await db
      .updateTable("messages")
      .set({ search_text: messageSearchText(row) })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema
    .alterTable("bookings")
    .addColumn("owner_moves", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
