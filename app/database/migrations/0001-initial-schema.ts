// The schema the site had when its migrations moved here, column for column and index for
// index as the previous releases made it on each database: the contact messages and their
// outbox state, the rate limit, the e-mail cap, the per-database secrets, and the visit
// counts. A database those releases made already has it (or part of it): this finishes what
// their steps left undone instead of creating the tables again (../previous-schema.ts).
/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the database as it
   was then, not as ../tables.ts describes it now */
import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "#app/database/engine.ts";
import { lastPreviousStep, previousStep } from "#app/database/previous-schema.ts";

/** What differs between the two databases' definitions of the same tables. */
function flavourOf(db: Kysely<any>) {
  const postgres = engineOf(db) === "postgres";
  type Table = CreateTableBuilder<any, any>;
  return {
    postgres,
    /** Milliseconds since the epoch and large counts: SQLite's INTEGER holds 64 bits. */
    big: postgres ? ("bigint" as const) : ("integer" as const),
    /** SQLite checks each column's type only in a STRICT table, as PostgreSQL always does. */
    strict: (table: Table) => (postgres ? table : table.modifyEnd(sql`strict`)),
    /** A table that is only its primary key's index on SQLite. */
    strictWithoutRowid: (table: Table) =>
      postgres ? table : table.modifyEnd(sql`strict, without rowid`),
  };
}
type Flavour = ReturnType<typeof flavourOf>;

const statuses = ["pending", "sent", "failed", "spam", "held", "summarized"];

/** Messages as visitors sent them, and each one's delivery state. */
async function createMessages(db: Kysely<any>, flavour: Flavour, name: string) {
  await db.schema
    .createTable(name)
    // SQLite: the rowid itself; PostgreSQL: an identity column.
    .addColumn("id", "integer", (column) =>
      flavour.postgres ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey(),
    )
    .addColumn("created_at", flavour.big, (column) => column.notNull())
    .addColumn("lang", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in (${sql.join(statuses.map((s) => sql.lit(s)))})`),
    )
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", flavour.big)
    .addColumn("last_error", "text")
    .addColumn("sent_at", flavour.big)
    .addColumn("spam_reason", "text")
    // The outbox's claim: which server holds the message, and until when.
    .addColumn("claimed_by", "text")
    .addColumn("lease_until", flavour.big)
    // Why a delivered message may be spam (the e-mail says so).
    .addColumn("suspicion", "text")
    .$call(flavour.strict)
    .execute();
}

async function indexMessages(db: Kysely<any>) {
  await db.schema
    .createIndex("messages_outbox")
    .on("messages")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("messages_created").on("messages").column("created_at").execute();
  await db.schema
    .createIndex("messages_email")
    .on("messages")
    .expression(sql`lower(email)`)
    .execute();
}

/** The rate limit's counts, the e-mail cap's and the per-database secrets. */
async function createLimits(db: Kysely<any>, flavour: Flavour) {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("hits", "integer", (column) => column.notNull())
    .addColumn("reset_at", flavour.big, (column) => column.notNull())
    .$call(flavour.strictWithoutRowid)
    .execute();
  await db.schema.createIndex("rate_limits_reset").on("rate_limits").column("reset_at").execute();
  await db.schema
    .createTable("mail_quota")
    .addColumn("window_start", flavour.big, (column) => column.primaryKey())
    .addColumn("sent", "integer", (column) => column.notNull())
    .$call(flavour.strict)
    .execute();
  await db.schema
    .createTable("secrets")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .$call(flavour.strict)
    .execute();
}

/**
 * Visit counts (app/stats): daily totals, nothing about any visitor; and the weekly reports
 * sent, claimed like the outbox's messages.
 */
async function createStats(db: Kysely<any>, flavour: Flavour) {
  await db.schema
    .createTable("stats_daily")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("metric", "text", (column) => column.notNull())
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("lang", "text", (column) => column.notNull())
    .addColumn("count", flavour.big, (column) => column.notNull())
    .addPrimaryKeyConstraint("stats_daily_pkey", ["day", "metric", "key", "lang"])
    .$call(flavour.strictWithoutRowid)
    .execute();
  await db.schema
    .createTable("stats_reports")
    .addColumn("week", "text", (column) => column.primaryKey())
    .addColumn("claimed_by", "text")
    .addColumn("lease_until", flavour.big, (column) => column.notNull())
    .addColumn("sent_at", flavour.big)
    .$call(flavour.strict)
    .execute();
}

/**
 * The previous releases' step 1 (SQLite only) had a messages table without the outbox's
 * claim, with four statuses and an index on `email COLLATE NOCASE`. SQLite cannot change a
 * CHECK constraint in place: the table is copied into one of today's shape.
 */
async function rebuildFirstMessages(db: Kysely<any>, flavour: Flavour) {
  const kept = [
    "id",
    "created_at",
    "lang",
    "name",
    "email",
    "message",
    "status",
    "attempts",
    "next_attempt_at",
    "last_error",
    "sent_at",
    "spam_reason",
  ];
  await createMessages(db, flavour, "messages_new");
  await db
    .insertInto("messages_new")
    .columns(kept)
    .expression(db.selectFrom("messages").select(kept))
    .execute();
  await db.schema.dropTable("messages").execute();
  await db.schema.alterTable("messages_new").renameTo("messages").execute();
  await indexMessages(db);
}

export async function up(db: Kysely<any>) {
  const flavour = flavourOf(db);
  const step = await previousStep(db);
  if (step > lastPreviousStep)
    throw new Error(`The database's schema (step ${step}) is newer than this release knows.`);
  if (step === 0) {
    await createMessages(db, flavour, "messages");
    await indexMessages(db);
  }
  if (step === 1) await rebuildFirstMessages(db, flavour);
  if (step === 2) await db.schema.alterTable("messages").addColumn("suspicion", "text").execute();
  if (step <= 1) await createLimits(db, flavour);
  if (step <= 3) await createStats(db, flavour);
}
