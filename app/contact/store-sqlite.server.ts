// SQLite, the embedded default: one file, one server process (plus the inbox CLI).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { groupCommit, insertSql, type Driver, type Durability } from "./store-driver.server.ts";

/** Schema changes, applied in order at start; `PRAGMA user_version` records how many ran. */
const migrations = [
  `CREATE TABLE messages (
     id INTEGER PRIMARY KEY,
     created_at INTEGER NOT NULL,
     lang TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'spam')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     last_error TEXT,
     sent_at INTEGER,
     spam_reason TEXT
   ) STRICT;
   CREATE INDEX messages_outbox ON messages (status, next_attempt_at);
   CREATE INDEX messages_created ON messages (created_at);
   CREATE INDEX messages_email ON messages (email COLLATE NOCASE);`,
  // Outbox leases, the e-mail cap's statuses, and the rate limit's table.
  `CREATE TABLE messages_new (
     id INTEGER PRIMARY KEY,
     created_at INTEGER NOT NULL,
     lang TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     status TEXT NOT NULL
       CHECK (status IN ('pending', 'sent', 'failed', 'spam', 'held', 'summarized')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     last_error TEXT,
     sent_at INTEGER,
     spam_reason TEXT,
     claimed_by TEXT,
     lease_until INTEGER
   ) STRICT;
   INSERT INTO messages_new (id, created_at, lang, name, email, message, status, attempts,
     next_attempt_at, last_error, sent_at, spam_reason)
     SELECT id, created_at, lang, name, email, message, status, attempts,
       next_attempt_at, last_error, sent_at, spam_reason FROM messages;
   DROP TABLE messages;
   ALTER TABLE messages_new RENAME TO messages;
   CREATE INDEX messages_outbox ON messages (status, next_attempt_at);
   CREATE INDEX messages_created ON messages (created_at);
   CREATE INDEX messages_email ON messages (lower(email));
   CREATE TABLE rate_limits (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at INTEGER NOT NULL)
     STRICT, WITHOUT ROWID;
   CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
   CREATE TABLE mail_quota (window_start INTEGER PRIMARY KEY, sent INTEGER NOT NULL) STRICT;
   CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
  // Why a delivered message may be spam (the e-mail says so).
  `ALTER TABLE messages ADD COLUMN suspicion TEXT;`,
  // Visit counts (app/stats): daily totals, nothing about any visitor; and the weekly
  // reports sent, claimed like the outbox's messages.
  `CREATE TABLE stats_daily (
     day TEXT NOT NULL,
     metric TEXT NOT NULL,
     key TEXT NOT NULL,
     lang TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (day, metric, key, lang)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE stats_reports (
     week TEXT PRIMARY KEY,
     claimed_by TEXT,
     lease_until INTEGER NOT NULL,
     sent_at INTEGER
   ) STRICT;`,
];

/** `$1` placeholders as SQLite's numbered `?1`. */
const numbered = (sql: string) => sql.replace(/\$(\d+)/g, "?$1");

/** `lockWaitMs`: how long a write waits for another writer's lock before failing. */
export function openSqlite(file: string, lockWaitMs: number): Driver {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL lets the inbox CLI read while the server writes. Writes commit with FULL (flushed
  // to disk before they return) unless they are `fast`: those (rate-limit counts, outbox
  // claims) commit with NORMAL, which a power cut may undo. A FULL commit flushes every
  // commit before it too.
  db.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${Math.round(lockWaitMs)};`,
  );
  migrate(db);

  const cache = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = db.prepare(numbered(sql))));
    return statement;
  };
  const insert = prepared(insertSql(1));

  // Durable (synchronous = FULL) before the visitor is told the message was sent.
  const insertBatch = groupCommit((pending) => {
    try {
      db.exec("BEGIN IMMEDIATE");
      const stored = pending.map((item) => ({
        item,
        id: Number((insert.get(...item.params) as { id: number }).id),
      }));
      db.exec("COMMIT");
      for (const { item, id } of stored) item.resolve(id);
    } catch (error) {
      // A failed ROLLBACK must not hide the first error, which rejects the batch.
      try {
        if (db.isTransaction) db.exec("ROLLBACK");
      } catch {
        // The first error is the one worth reporting.
      }
      throw error;
    }
  });

  /** Runs a statement of a `fast` write with NORMAL, then restores FULL. */
  function withDurability<T>(options: Durability | undefined, task: () => T): T {
    if (!options?.fast) return task();
    db.exec("PRAGMA synchronous = NORMAL");
    try {
      return task();
    } finally {
      db.exec("PRAGMA synchronous = FULL");
    }
  }

  // node:sqlite is synchronous; the promises give both databases one interface.
  return {
    kind: "sqlite",
    all: async <T>(sql: string, params: SQLInputValue[] = [], options?: Durability) =>
      withDurability(options, () => prepared(sql).all(...params) as T[]),
    run: async (sql, params = [], options) =>
      withDurability(options, () => Number(prepared(sql).run(...params).changes)),
    insert: insertBatch,
    // One file has one writer at a time: nothing to coordinate.
    exclusively: async (_name, task) => {
      await task();
      return true;
    },
    async backup(target) {
      // SQLite's online backup: a consistent snapshot even while the server writes.
      const pages = await backup(db, target);
      return `${pages} pages`;
    },
    close: async () => db.close(),
  };
}

function migrate(db: DatabaseSync) {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  for (const [index, sql] of migrations.entries()) {
    if (index < version) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${index + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}
