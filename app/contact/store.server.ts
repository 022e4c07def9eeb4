// The contact messages database. Shared by the server and the owner's inbox CLI, which runs
// on plain Node: these modules import nothing from the app (no path aliases) and name
// their files with the extension.
//
// One store on two databases: SQLite (embedded default, one server) and PostgreSQL (any
// number of servers on one database). The queries are written once in the SQL both
// understand; each driver runs them and owns its migrations and its durability tricks.
import { randomBytes } from "node:crypto";
import type { Driver, Durability, Value } from "./store-driver.server.ts";
import { openPostgres } from "./store-postgres.server.ts";
import { openSqlite } from "./store-sqlite.server.ts";

/**
 * `held`: over the hourly e-mail cap, waiting for the summary e-mail; `summarized`: listed
 * in one; `failed`: gave up e-mailing it; `spam`: kept, never e-mailed unless released.
 */
type MessageStatus = "pending" | "sent" | "failed" | "spam" | "held" | "summarized";

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
  /** Delivered, but the e-mail warns it may be spam: why (see `Suspicion`). */
  suspicion: Suspicion | null;
};

/**
 * Why a message may be spam though it passed the honeypot: `too-fast`, sent sooner after the
 * first touch of the form than people write; `no-timer`, the form's fill time was missing or
 * malformed. Such messages are e-mailed, marked: a timing guess never drops a lead.
 */
export type Suspicion = "too-fast" | "no-timer";

/** `spamReason`: kept as spam, never e-mailed; `suspicion`: e-mailed, marked. */
export type NewMessage = Pick<StoredMessage, "lang" | "name" | "email" | "message"> & {
  spamReason?: string;
  suspicion?: Suspicion;
};

const columns = `id, created_at AS "createdAt", lang, name, email, message, status, attempts,
  next_attempt_at AS "nextAttemptAt", last_error AS "lastError", sent_at AS "sentAt",
  spam_reason AS "spamReason", suspicion`;

const released = "claimed_by = NULL, lease_until = NULL";

type StoreOptions = {
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

export async function openStore(options: StoreOptions): Promise<MessageStore> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 5000;
  const driver = options.url
    ? await openPostgres(options.url, {
        statementTimeoutMs,
        onError: options.onError ?? (() => {}),
      })
    : openSqlite(options.path, options.lockWaitMs ?? 300);
  return createStore(driver);
}

async function createStore(driver: Driver) {
  const firstRow = async <T>(sql: string, params: Value[], options?: Durability) =>
    (await driver.all<T>(sql, params, options))[0];
  const requiredRow = async <T>(sql: string, params: Value[], options?: Durability) => {
    const row = await firstRow<T>(sql, params, options);
    if (row === undefined) throw new Error(`No row from: ${sql.slice(0, 40)}`);
    return row;
  };

  // The key of the rate limit's hashes: random per database, so a copy of the table alone
  // cannot be matched against addresses.
  await driver.run(
    `INSERT INTO secrets (name, value) VALUES ('rate-limit', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString("hex")],
  );
  const { value: secret } = await requiredRow<{ value: string }>(
    `SELECT value FROM secrets WHERE name = 'rate-limit'`,
    [],
  );

  /** Claims due messages of one status for `owner` until the lease ends. */
  const claim = async (
    status: MessageStatus,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ) =>
    // RETURNING gives no order: oldest first again.
    (
      await driver.all<StoredMessage>(
        `UPDATE messages SET claimed_by = $1, lease_until = $2
       WHERE id IN (
         SELECT id FROM messages
         WHERE status = $3 AND next_attempt_at <= $4 AND (lease_until IS NULL OR lease_until <= $4)
         ORDER BY id LIMIT $5 ${driver.kind === "postgres" ? "FOR UPDATE SKIP LOCKED" : ""}
       ) RETURNING ${columns}`,
        [owner, now + leaseMs, status, now, limit],
        { fast: true },
      )
    ).sort((a, b) => a.id - b.id);

  /**
   * Back to the outbox with a fresh count of tries: pending or failed rows matching `where`
   * (`$1` is now) that no server holds under a live lease, since it may be sending it.
   */
  const requeue = (where: string, params: Value[]) =>
    driver.run(
      `UPDATE messages SET status = 'pending', attempts = 0, next_attempt_at = $1, last_error = NULL,
         ${released}
       WHERE ${where} AND status IN ('pending', 'failed') AND (lease_until IS NULL OR lease_until <= $1)`,
      params,
    );

  return {
    kind: driver.kind,
    /** The database itself, for the visit counts' tables (app/stats) beside the messages. */
    driver,
    /** The per-database key for hashing client addresses. */
    secret,
    /** Stores a message durably and returns its id. Spam is kept but never delivered. */
    insert(message: NewMessage, now = Date.now()): Promise<number> {
      const spam = message.spamReason !== undefined;
      return driver.insert([
        now,
        message.lang,
        message.name,
        message.email,
        message.message,
        spam ? "spam" : "pending",
        spam ? null : now,
        message.spamReason ?? null,
        message.suspicion ?? null,
      ]);
    },
    /** Due messages, oldest first, reserved for `owner` until the lease ends (or it dies). */
    claimDue: (owner: string, now: number, leaseMs: number, limit: number) =>
      claim("pending", owner, now, leaseMs, limit),
    /** Every held message whose window has ended, for one summary e-mail. */
    claimHeld: (owner: string, now: number, leaseMs: number) =>
      claim("held", owner, now, leaseMs, 10_000),
    get: (id: number) =>
      firstRow<StoredMessage>(`SELECT ${columns} FROM messages WHERE id = $1`, [id]),
    list: (limit?: number) =>
      driver.all<StoredMessage>(
        `SELECT ${columns} FROM messages ORDER BY created_at DESC, id DESC${limit ? " LIMIT $1" : ""}`,
        limit ? [limit] : [],
      ),
    // The marks of a claimed message change it only while `owner` still holds the claim: once
    // the lease has run out another server may have claimed it, and its outcome wins. Each
    // resolves with false when the claim was lost.
    markSent: async (id: number, owner: string, now = Date.now()) =>
      (await driver.run(
        `UPDATE messages SET status = 'sent', sent_at = $2, attempts = attempts + 1,
           next_attempt_at = NULL, last_error = NULL, ${released} WHERE id = $1 AND claimed_by = $3`,
        [id, now, owner],
      )) > 0,
    retryLater: async (id: number, owner: string, at: number, error: string) =>
      (await driver.run(
        `UPDATE messages SET attempts = attempts + 1, next_attempt_at = $2, last_error = $3, ${released}
         WHERE id = $1 AND claimed_by = $4`,
        [id, at, error, owner],
      )) > 0,
    markFailed: async (id: number, owner: string, error: string) =>
      (await driver.run(
        `UPDATE messages SET status = 'failed', attempts = attempts + 1, next_attempt_at = NULL,
           last_error = $2, ${released} WHERE id = $1 AND claimed_by = $3`,
        [id, error, owner],
      )) > 0,
    /** Over the e-mail cap: kept for the summary sent when the window ends (`until`). */
    hold: async (id: number, owner: string, until: number) =>
      (await driver.run(
        `UPDATE messages SET status = 'held', next_attempt_at = $2, ${released}
         WHERE id = $1 AND claimed_by = $3`,
        [id, until, owner],
      )) > 0,
    /**
     * Records one summary e-mail for the held messages `ids`, in one statement; resolves with
     * the ids it changed (those still held and claimed by `owner`).
     */
    async markSummarized(ids: number[], owner: string, now = Date.now()) {
      if (!ids.length) return [];
      const list = ids.map((_, i) => `$${i + 3}`).join(", ");
      const rows = await driver.all<{ id: number }>(
        `UPDATE messages SET status = 'summarized', sent_at = $1, next_attempt_at = NULL, ${released}
         WHERE claimed_by = $2 AND status = 'held' AND id IN (${list}) RETURNING id`,
        [now, owner, ...ids],
      );
      return rows.map((row) => Number(row.id));
    },
    /**
     * Queues a pending or failed message for immediate delivery; false if there is no such
     * message, or a server holds its lease (it may be sending it right now).
     */
    requeue: async (id: number, now = Date.now()) => (await requeue(`id = $2`, [now, id])) > 0,
    /** Queues every failed message for delivery again; resolves with how many. */
    requeueFailed: (now = Date.now()) => requeue(`status = 'failed'`, [now]),
    /** A message wrongly kept as spam goes to the outbox; false if there is no such spam. */
    releaseSpam: async (id: number, now = Date.now()) =>
      (await driver.run(
        `UPDATE messages SET status = 'pending', attempts = 0, next_attempt_at = $2
         WHERE id = $1 AND status = 'spam'`,
        [id, now],
      )) > 0,
    delete: async (id: number) =>
      (await driver.run(`DELETE FROM messages WHERE id = $1`, [id])) > 0,
    deleteByEmail: (email: string) =>
      driver.run(`DELETE FROM messages WHERE lower(email) = lower($1)`, [email.trim()]),
    purgeOlderThan: (cutoff: number) =>
      driver.run(`DELETE FROM messages WHERE created_at < $1`, [cutoff]),
    /**
     * Messages waiting for delivery, given up on, held over the e-mail cap, kept as spam, and
     * delivered (or to be) marked as suspected.
     */
    async counts() {
      const rows = await driver.all<{ status: string; count: number }>(
        `SELECT status, count(*) AS count FROM messages
         WHERE status IN ('pending', 'failed', 'held', 'spam') GROUP BY status
         UNION ALL SELECT 'suspected', count(*) FROM messages WHERE suspicion IS NOT NULL`,
      );
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return {
        pending: of("pending"),
        failed: of("failed"),
        held: of("held"),
        spam: of("spam"),
        suspected: of("suspected"),
      };
    },
    /** Counts one hit of `key` in its fixed window; a new window starts after `resetAt`. */
    async hit(key: string, now: number, windowMs: number) {
      return requiredRow<{ hits: number; resetAt: number }>(
        `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= $3 THEN $2 ELSE rate_limits.reset_at END
         RETURNING hits, reset_at AS "resetAt"`,
        [key, now + windowMs, now],
        { fast: true },
      );
    },
    /** Takes one of `max` e-mails of the window starting at `window`; false when none is left. */
    async takeMailSlot(window: number, max: number) {
      const row = await firstRow<{ sent: number }>(
        `INSERT INTO mail_quota (window_start, sent) VALUES ($1, 1)
         ON CONFLICT (window_start) DO UPDATE SET sent = mail_quota.sent + 1
         WHERE mail_quota.sent < $2 RETURNING sent`,
        [window, max],
        { fast: true },
      );
      return row !== undefined;
    },
    /** Gives back a slot whose e-mail did not go out. */
    returnMailSlot: async (window: number) =>
      void (await driver.run(
        `UPDATE mail_quota SET sent = sent - 1 WHERE window_start = $1 AND sent > 0`,
        [window],
        { fast: true },
      )),
    /** Drops rate-limit entries past their window and e-mail counts of past windows. */
    async sweep(now: number, oldestWindow: number) {
      await driver.run(`DELETE FROM rate_limits WHERE reset_at <= $1`, [now], { fast: true });
      await driver.run(`DELETE FROM mail_quota WHERE window_start < $1`, [oldestWindow], {
        fast: true,
      });
    },
    exclusively: driver.exclusively,
    /** A consistent copy (SQLite); resolves with what was done. */
    backup: driver.backup,
    close: driver.close,
  };
}

export type MessageStore = Awaited<ReturnType<typeof createStore>>;
