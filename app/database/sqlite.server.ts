// SQLite, the embedded default: one file, one server process (plus the owner's scripts),
// through node:sqlite and Kysely's SQLite dialect.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  Kysely,
  sql,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type SelectModifierNode,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";
import type { Database } from "#app/database/engine.ts";
import { migrateToLatest } from "#app/database/migrate.server.ts";
import type { Tables } from "#app/database/tables.ts";

/** Statements kept prepared, the most recently used ones. */
const preparedStatements = 100;

/**
 * node:sqlite's connection as the better-sqlite3-like object Kysely's SQLite dialect drives.
 * node:sqlite differs in two ways: a statement's parameters are passed one by one, not as an
 * array, and whether it returns rows (a SELECT, or a write with RETURNING) is told by its
 * `columns()`, not by a `reader` property. The statements are kept prepared.
 */
function forKysely(connection: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  function prepared(text: string) {
    let entry = cache.get(text);
    if (entry) cache.delete(text);
    else {
      const statement = connection.prepare(text);
      entry = { statement, reader: statement.columns().length > 0 };
      const oldest = cache.keys().next();
      if (cache.size >= preparedStatements && !oldest.done) cache.delete(oldest.value);
    }
    cache.set(text, entry);
    return entry;
  }
  const values = (parameters: readonly unknown[]) => parameters as SQLInputValue[];
  return {
    prepare(text) {
      const { statement, reader } = prepared(text);
      return {
        reader,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
    close: () => connection.close(),
  };
}

/** Row locks (`FOR UPDATE SKIP LOCKED`, …), which PostgreSQL needs and SQLite lacks. */
const rowLocks = new Set([
  "ForUpdate",
  "ForNoKeyUpdate",
  "ForShare",
  "ForKeyShare",
  "NoWait",
  "SkipLocked",
]);

/**
 * SQLite runs one write at a time on the whole database, so a statement that would lock the
 * rows it reads on PostgreSQL already has them to itself: its row-lock clauses are left out.
 */
class Compiler extends SqliteQueryCompiler {
  protected override visitSelectModifier(node: SelectModifierNode) {
    if (node.modifier !== undefined && rowLocks.has(node.modifier)) return;
    super.visitSelectModifier(node);
  }
}

/** SQLite changes its schema inside a transaction too: each migration is all or nothing. */
class Adapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), so one that reads
 * before it writes (a migration) waits for another process's writer instead of failing.
 */
class Driver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new Driver(this.#config);
  }
  override createQueryCompiler() {
    return new Compiler();
  }
  override createAdapter() {
    return new Adapter();
  }
}

/** How long a start waits for another process that holds the write lock (a migration). */
const migrationLockWaitMs = 10_000;

/**
 * The migrations of one file, one after the other within this process. node:sqlite waits for
 * a lock synchronously, blocking the whole process: a second connection beginning its
 * migration would block the event loop that the first one's transaction waits on.
 */
const migrating = new Map<string, Promise<void>>();
function migrateOnce(file: string, task: () => Promise<void>): Promise<void> {
  const run = (migrating.get(file) ?? Promise.resolve()).catch(() => {}).then(task);
  migrating.set(file, run);
  return run.finally(() => {
    if (migrating.get(file) === run) migrating.delete(file);
  });
}

/** `lockWaitMs`: how long a write waits for another writer's lock before failing. */
export async function openSqlite(file: string, lockWaitMs: number): Promise<Database> {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new DatabaseSync(file);
  // WAL lets the inbox read while the server writes. Writes commit with FULL (flushed to
  // disk before they return) unless they are `fast`: those commit with NORMAL, which a power
  // cut may undo. A FULL commit flushes every commit before it too.
  connection.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${migrationLockWaitMs};`,
  );
  const db = new Kysely<Tables>({
    dialect: new NodeSqliteDialect({ database: forKysely(connection) }),
  });
  try {
    await migrateOnce(path.resolve(file), () => migrateToLatest(db));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  connection.exec(`PRAGMA busy_timeout = ${Math.round(lockWaitMs)}`);

  return {
    engine: "sqlite",
    db,
    // One connection: Kysely lends it to `task` alone, so the NORMAL setting covers only
    // its statements.
    fast: (task) =>
      db.connection().execute(async (only) => {
        await sql`PRAGMA synchronous = NORMAL`.execute(only);
        try {
          return await task(only);
        } finally {
          await sql`PRAGMA synchronous = FULL`.execute(only);
        }
      }),
    // One file has one writer at a time: nothing to coordinate.
    exclusively: async (_name, task) => {
      await task();
      return true;
    },
    async backup(target) {
      // SQLite's online backup: a consistent snapshot even while the server writes.
      const pages = await backup(connection, target);
      return `${pages} pages`;
    },
    close: () => db.destroy(),
  };
}
