// Which database a Kysely instance runs on. Only the schema needs to know (column types,
// SQLite's STRICT tables) and the reading of the previous releases' bookkeeping; queries are
// written once for both. And what an open database offers, whichever it is (opened by
// ./database.server.ts, made by ./sqlite.server.ts or ./postgres.server.ts).
import { PostgresAdapter, type Kysely } from "kysely";
import type { Tables } from "#app/database/tables.ts";

export type Engine = "sqlite" | "postgres";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, as migrations see it
export const engineOf = (db: Kysely<any>): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";

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
