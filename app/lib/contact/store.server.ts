// The contact messages database. Shared by the server and the owner's inbox CLI, which runs
// on plain Node: this module imports nothing from the app (no path aliases).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export type MessageStatus = "pending" | "sent" | "failed" | "spam";

export type StoredMessage = {
  id: number;
  createdAt: number;
  lang: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  sentAt: number | null;
  spamReason: string | null;
};

export type NewMessage = Pick<StoredMessage, "lang" | "name" | "email" | "message"> & {
  spamReason?: string;
};

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
];

const columns = `id, created_at AS createdAt, lang, name, email, message, status, attempts,
  next_attempt_at AS nextAttemptAt, last_error AS lastError, sent_at AS sentAt, spam_reason AS spamReason`;

export type MessageStore = ReturnType<typeof openStore>;

export function openStore(file: string) {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL lets the inbox CLI read while the server writes; FULL makes every commit durable
  // before the visitor is told the message was sent.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;");
  migrate(db);

  const statements = {
    insert: db.prepare(
      `INSERT INTO messages (created_at, lang, name, email, message, status, next_attempt_at, spam_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    due: db.prepare(
      `SELECT ${columns} FROM messages WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?`,
    ),
    get: db.prepare(`SELECT ${columns} FROM messages WHERE id = ?`),
    list: db.prepare(`SELECT ${columns} FROM messages ORDER BY created_at DESC, id DESC LIMIT ?`),
    sent: db.prepare(
      `UPDATE messages SET status = 'sent', sent_at = ?, attempts = attempts + 1, next_attempt_at = NULL, last_error = NULL WHERE id = ?`,
    ),
    retryLater: db.prepare(
      `UPDATE messages SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?`,
    ),
    failed: db.prepare(
      `UPDATE messages SET status = 'failed', attempts = attempts + 1, next_attempt_at = NULL, last_error = ? WHERE id = ?`,
    ),
    requeue: db.prepare(
      `UPDATE messages SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL
       WHERE id = ? AND status IN ('pending', 'failed')`,
    ),
    requeueFailed: db.prepare(
      `UPDATE messages SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE status = 'failed'`,
    ),
    delete: db.prepare(`DELETE FROM messages WHERE id = ?`),
    deleteByEmail: db.prepare(`DELETE FROM messages WHERE email = ? COLLATE NOCASE`),
    purge: db.prepare(`DELETE FROM messages WHERE created_at < ?`),
    backlog: db.prepare(`SELECT count(*) AS count FROM messages WHERE status = 'pending'`),
  };

  function insert(message: NewMessage, now = Date.now()): number {
    const spam = message.spamReason !== undefined;
    const result = statements.insert.run(
      now,
      message.lang,
      message.name,
      message.email,
      message.message,
      spam ? "spam" : "pending",
      spam ? null : now,
      message.spamReason ?? null,
    );
    return Number(result.lastInsertRowid);
  }

  // Group commit: messages arriving in the same turn of the event loop share one
  // transaction, so one disk flush covers them all; each caller still learns its id only
  // after the commit is on disk.
  let batch: {
    message: NewMessage;
    resolve: (id: number) => void;
    reject: (error: unknown) => void;
  }[] = [];
  function flush() {
    const pending = batch;
    batch = [];
    try {
      db.exec("BEGIN IMMEDIATE");
      const stored = pending.map((item) => ({ item, id: insert(item.message) }));
      db.exec("COMMIT");
      for (const { item, id } of stored) item.resolve(id);
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      pending.forEach(({ reject }) => reject(error));
    }
  }

  return {
    /** Stores a message (durably) and returns its id. Spam is kept but never delivered. */
    insert,
    /** Like insert, batched with the other messages of this moment into one commit. */
    insertDurably(message: NewMessage): Promise<number> {
      return new Promise((resolve, reject) => {
        if (batch.length === 0) setImmediate(flush);
        batch.push({ message, resolve, reject });
      });
    },
    due: (now: number, limit: number) => statements.due.all(now, limit) as StoredMessage[],
    get: (id: number) => statements.get.get(id) as StoredMessage | undefined,
    list: (limit = -1) => statements.list.all(limit) as StoredMessage[],
    markSent: (id: number, now = Date.now()) => void statements.sent.run(now, id),
    retryLater: (id: number, at: number, error: string) =>
      void statements.retryLater.run(at, error, id),
    markFailed: (id: number, error: string) => void statements.failed.run(error, id),
    /** Queues a pending or failed message for immediate delivery; false if there is no such message. */
    requeue: (id: number, now = Date.now()) => statements.requeue.run(now, id).changes > 0,
    requeueFailed: (now = Date.now()) => Number(statements.requeueFailed.run(now).changes),
    delete: (id: number) => statements.delete.run(id).changes > 0,
    deleteByEmail: (email: string) => Number(statements.deleteByEmail.run(email.trim()).changes),
    purgeOlderThan: (cutoff: number) => Number(statements.purge.run(cutoff).changes),
    backlog: () => (statements.backlog.get() as { count: number }).count,
    ping: () => db.prepare("SELECT 1").get() !== undefined,
    /** The connection itself, for SQLite's online backup. */
    database: db,
    close: () => db.close(),
  };
}

function migrate(db: DatabaseSync) {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  for (const [index, sql] of migrations.entries()) {
    if (index < version) continue;
    db.exec("BEGIN");
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
