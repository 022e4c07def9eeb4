// The owner's panel (/panel, app/panel): the people who may sign in, their passkeys, the
// one-time invitations, the sessions, the WebAuthn challenges waiting for an answer, and the
// audit log of sign-ins and changes; and the owner's own mark on each contact message.
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "#app/database/engine.ts";

export async function up(db: Kysely<any>) {
  const postgres = engineOf(db) === "postgres";
  const big = postgres ? "bigint" : "integer";
  const strict = (table: CreateTableBuilder<any, any>) =>
    postgres ? table : table.modifyEnd(sql`strict`);
  const identity = (column: any) =>
    postgres ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey();

  await db.schema
    .createTable("panel_users")
    .addColumn("id", "integer", identity)
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("created_at", big, (column) => column.notNull())
    .$call(strict)
    .execute();
  await db.schema
    .createTable("panel_passkeys")
    // The credential's id as the browser gives it (base64url).
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "integer", (column) =>
      column.notNull().references("panel_users.id").onDelete("cascade"),
    )
    .addColumn("public_key", "text", (column) => column.notNull())
    .addColumn("counter", big, (column) => column.notNull())
    .addColumn("transports", "text", (column) => column.notNull())
    .addColumn("created_at", big, (column) => column.notNull())
    .addColumn("used_at", big)
    .$call(strict)
    .execute();
  await db.schema
    .createTable("panel_invitations")
    // A SHA-256 of the link's secret: a copy of the table opens nothing.
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("created_at", big, (column) => column.notNull())
    .addColumn("expires_at", big, (column) => column.notNull())
    .addColumn("used_at", big)
    .$call(strict)
    .execute();
  await db.schema
    .createTable("panel_sessions")
    // A SHA-256 of the cookie's value, for the same reason.
    .addColumn("id_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "integer", (column) =>
      column.notNull().references("panel_users.id").onDelete("cascade"),
    )
    .addColumn("csrf", "text", (column) => column.notNull())
    .addColumn("created_at", big, (column) => column.notNull())
    .addColumn("seen_at", big, (column) => column.notNull())
    .$call(strict)
    .execute();
  await db.schema
    .createTable("panel_challenges")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("challenge", "text", (column) => column.notNull())
    // Enrolment: the invitation's hash it answers; sign-in: null.
    .addColumn("invitation", "text")
    .addColumn("expires_at", big, (column) => column.notNull())
    .$call(strict)
    .execute();
  await db.schema
    .createTable("panel_audit")
    .addColumn("id", "integer", identity)
    .addColumn("at", big, (column) => column.notNull())
    .addColumn("email", "text")
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("detail", "text")
    .$call(strict)
    .execute();
  await db.schema.createIndex("panel_audit_at").on("panel_audit").column("at").execute();
  // The owner's mark: null is new; 'answered' or 'archived'.
  await db.schema.alterTable("messages").addColumn("owner_status", "text").execute();
}
