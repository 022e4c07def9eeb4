// What the two database drivers share: the contract the store runs its SQL on, the insert
// statement and the group commit. The store and both drivers import this module; it imports
// none of them.

export type Value = string | number | null;

/**
 * `fast`: the write commits without waiting for the disk, so a crash (power cut, database
 * crash) may undo it. Only for what is cheap to lose: rate-limit and e-mail-cap counts,
 * outbox claims (a lost claim is claimed again). Everything else waits for the disk.
 */
export type Durability = { fast?: boolean };

/** What a database must offer; statements use `$1…` placeholders. */
export type Driver = {
  kind: "sqlite" | "postgres";
  /** Runs a query (or a write with RETURNING); resolves with its rows. */
  all<T>(sql: string, params?: Value[], options?: Durability): Promise<T[]>;
  /** Runs a statement; resolves with the number of rows it changed. */
  run(sql: string, params?: Value[], options?: Durability): Promise<number>;
  /** The insert a visitor waits for: durable before it resolves. */
  insert(params: Value[]): Promise<number>;
  /** Runs `task` unless another server is running it (PostgreSQL advisory lock). */
  exclusively(name: string, task: () => Promise<void>): Promise<boolean>;
  backup(file: string): Promise<string>;
  close(): Promise<void>;
};

/** The insert of `rows` messages (9 values each), returning their ids in order. */
export function insertSql(rows: number): string {
  const values = Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: 9 }, (_, i) => `$${row * 9 + i + 1}`).join(", ")})`,
  );
  return `INSERT INTO messages
    (created_at, lang, name, email, message, status, next_attempt_at, spam_reason, suspicion)
    VALUES ${values.join(", ")} RETURNING id`;
}

export type QueuedInsert = {
  params: Value[];
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit: the inserts arriving in the same turn of the event loop go to `write`
 * together, so one commit and one disk flush cover them all; each caller still learns its
 * id only when `write` settles it after the commit. Whatever `write` throws rejects the
 * batch: from setImmediate it would otherwise crash the process and leave callers waiting.
 */
export function groupCommit(write: (batch: QueuedInsert[]) => void) {
  let batch: QueuedInsert[] = [];
  function flush() {
    const queued = batch;
    batch = [];
    try {
      write(queued);
    } catch (error) {
      for (const item of queued) item.reject(error);
    }
  }
  return (params: Value[]) =>
    new Promise<number>((resolve, reject) => {
      if (batch.length === 0) setImmediate(flush);
      batch.push({ params, resolve, reject });
    });
}
