// Databases made before ./migrations existed counted their schema steps themselves: SQLite in
// `PRAGMA user_version` (steps 1–4), PostgreSQL in a table `schema_migrations` (rows 1–3; its
// first step was SQLite's second, so PostgreSQL's n is step n + 1 here). The first migration
// reads that count to finish such a database instead of creating its tables again. The old
// count is left as it was.
import { sql, type Kysely } from "kysely";
import { engineOf } from "#app/database/engine.ts";

/** The last step the previous releases had: their schema is migration 0001's. */
export const lastPreviousStep = 4;

/**
 * The previous releases' step this database reached, in SQLite's numbering: 0 for a database
 * they never touched. 1: the first messages table (SQLite only); 2: outbox leases, rate
 * limits, the e-mail cap and secrets; 3: the messages' `suspicion`; 4: the visit counts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, as migrations see it
export async function previousStep(db: Kysely<any>): Promise<number> {
  if (engineOf(db) === "sqlite") {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
    return Number(rows[0]?.user_version ?? 0);
  }
  const { rows } = await sql<{
    found: boolean;
  }>`select to_regclass('schema_migrations') is not null as found`.execute(db);
  if (!rows[0]?.found) return 0;
  const counted = await sql<{
    version: number | null;
  }>`select max(version) as version from schema_migrations`.execute(db);
  const version = Number(counted.rows[0]?.version ?? 0);
  return version === 0 ? 0 : version + 1;
}
