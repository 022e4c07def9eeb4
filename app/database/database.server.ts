// The site's database: SQLite (the embedded default, one server) or PostgreSQL (any number
// of servers on one database), behind Kysely. Opened once by the server's wiring
// (server/site.ts) or by a script, and handed to every store: the contact messages, the
// outbox, the limits, the bookings, the visit counts, the panel. The schema is the migrations
// in ./migrations, the same for both, applied at start.
import type { Kysely } from "kysely";
import type { ContactSettings } from "#app/config/settings.server.ts";
import type { Engine } from "#app/database/engine.ts";
import { openPostgres } from "#app/database/postgres.server.ts";
import { openSqlite } from "#app/database/sqlite.server.ts";
import type { Tables } from "#app/database/tables.ts";

/** The tasks that run on one server at a time (a PostgreSQL advisory lock each). */
export type ExclusiveTask = "purge";

export type Database = {
  engine: Engine;
  /** Reads, and writes that wait for the disk before they resolve. */
  db: Kysely<Tables>;
  /**
   * Runs writes that commit without waiting for the disk, so a crash (power cut, database
   * crash) may undo them. Only for what is cheap to lose: rate-limit and e-mail-cap counts,
   * outbox claims (a lost claim is claimed again), visit counts. `task` must use the `db` it
   * is given, not `Database.db`.
   */
  fast<T>(task: (db: Kysely<Tables>) => Promise<T>): Promise<T>;
  /** Runs `task` unless another server is running it; false when it did not run. */
  exclusively(name: ExclusiveTask, task: () => Promise<void>): Promise<boolean>;
  /** A consistent copy (SQLite); resolves with what was done. */
  backup(file: string): Promise<string>;
  close(): Promise<void>;
};

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
