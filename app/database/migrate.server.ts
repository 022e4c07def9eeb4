// Brings a database's schema up to date at start with Kysely's migrator: the migrations in
// ./migrations, in name order, each once, recorded in the table `kysely_migration`.
// Several servers starting at once on PostgreSQL take turns (the migrator's advisory lock);
// on SQLite each runs in a BEGIN IMMEDIATE transaction (./sqlite.server.ts).
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "#app/database/migrations/index.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, as migrations see it
export async function migrateToLatest(db: Kysely<any>) {
  // Unordered: migrations written side by side on branches land in any order (0006 before
  // 0005), and a database that has one of them still takes the other.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  // Nearly every start finds nothing to do: look first, without taking the lock.
  const known = await migrator.getMigrations();
  if (known.every((migration) => migration.executedAt !== undefined)) return;
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results.find((result) => result.status === "Error")?.migrationName;
  const reason = error instanceof Error ? error.message : String(error);
  throw new Error(`Database migration ${failed ?? "(before any ran)"} failed: ${reason}`, {
    cause: error,
  });
}
