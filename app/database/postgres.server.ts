// PostgreSQL, the server-class database: any number of servers share one, through `pg`'s
// pools and Kysely's PostgreSQL dialect.
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database, ExclusiveTask } from "#app/database/engine.ts";
import { migrateToLatest } from "#app/database/migrate.server.ts";
import type { Tables } from "#app/database/tables.ts";

/** Advisory lock ids: a fixed number per task, the same on every server. */
const lockIds: Record<ExclusiveTask, number> = { purge: 7_240_002 };

// Times are milliseconds in BIGINT columns and counts are BIGINT: both fit a JS number.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The address without the password, for error messages. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}

export async function openPostgres(
  url: string,
  {
    statementTimeoutMs,
    onError,
  }: { statementTimeoutMs: number; onError: (error: unknown) => void },
): Promise<Database> {
  const settings = {
    connectionString: url,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    types,
  };
  // Two pools: writes wait for the disk at commit, except `fast` ones, which a database
  // crash may undo (synchronous_commit=off).
  const durablePool = new pg.Pool({ ...settings, max: 10 });
  const fastPool = new pg.Pool({ ...settings, max: 5, options: "-c synchronous_commit=off" });
  // An idle connection that breaks (server restart, network) must not crash the process.
  durablePool.on("error", onError);
  fastPool.on("error", onError);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: durablePool }) });
  const fast = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: fastPool }) });
  const close = () => Promise.all([db.destroy(), fast.destroy()]).then(() => undefined);
  try {
    await Promise.all([sql`SELECT 1`.execute(db), sql`SELECT 1`.execute(fast)]);
  } catch (error) {
    await close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL: cannot reach PostgreSQL at ${describe(url)}: ${reason}`, {
      cause: error,
    });
  }
  try {
    await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }

  return {
    engine: "postgres",
    db,
    fast: (task) => task(fast),
    // A session lock on a connection of its own, held while `task` runs.
    exclusively: (name, task) =>
      fast.connection().execute(async (connection) => {
        const { rows } = await sql<{
          locked: boolean;
        }>`SELECT pg_try_advisory_lock(${lockIds[name]}) AS locked`.execute(connection);
        if (!rows[0]?.locked) return false;
        try {
          await task();
        } finally {
          await sql`SELECT pg_advisory_unlock(${lockIds[name]})`.execute(connection);
        }
        return true;
      }),
    async backup() {
      throw new Error("For PostgreSQL use pg_dump on DATABASE_URL (e.g. pg_dump -Fc).");
    },
    close,
  };
}
