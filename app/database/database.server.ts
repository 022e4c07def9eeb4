// The site's database: SQLite (the embedded default, one server) or PostgreSQL (any number
// of servers on one database), behind Kysely. Opened once by the server's wiring
// (server/wire-site.ts) or by a script, and handed to every store: the contact messages, the
// outbox, the limits, the bookings, the visit counts, the panel. The schema is the migrations
// in ./migrations, the same for both, applied at start.
import type { ContactSettings } from "#app/config/settings.server.ts";
import type { Database } from "#app/database/engine.ts";

export type { Database };
import { openPostgres } from "#app/database/postgres.server.ts";
import { openSqlite } from "#app/database/sqlite.server.ts";

export type DatabaseOptions = {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `path`. */
  url?: string | undefined;
  path: string;
  /** PostgreSQL's statement_timeout. */
  statementTimeoutMs?: number;
  /**
   * SQLite's wait for another writer's lock (busy_timeout). node:sqlite blocks the whole
   * process while it waits, so it is short: past it the write fails and the visitor is asked
   * to try again, instead of every request stalling.
   */
  lockWaitMs?: number;
  /** Errors of idle database connections, which belong to no request. */
  onError?: (error: unknown) => void;
};

/** The database the settings name (DATABASE_URL, else DATABASE_PATH), as the server opens it. */
export function openSiteDatabase(
  settings: Pick<
    ContactSettings,
    "DATABASE_URL" | "DATABASE_PATH" | "DATABASE_STATEMENT_TIMEOUT_SECONDS"
  >,
  more: Pick<DatabaseOptions, "lockWaitMs" | "onError"> = {},
): Promise<Database> {
  return openDatabase({
    url: settings.DATABASE_URL,
    path: settings.DATABASE_PATH,
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    ...more,
  });
}

/** Opens the database and brings its schema up to date (./migrations). */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, {
        statementTimeoutMs: options.statementTimeoutMs ?? 5000,
        onError: options.onError ?? (() => {}),
      })
    : openSqlite(options.path, options.lockWaitMs ?? 300);
}
