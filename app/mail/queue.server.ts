// The outbox's bookkeeping, written once for each table of things to e-mail: the contact
// messages (app/contact: the owner's notification of each) and the composed e-mails
// (`mails`, ./store.server.ts). Each row is claimed with a lease before it is sent, so servers
// sharing a database never send the same one; an outcome is recorded only while the server
// still holds the claim. Both tables have these columns alike.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectExpression,
  type SqlBool,
  type UpdateObject,
} from "kysely";
import type { Database } from "#app/database/database.server.ts";
import type { Tables } from "#app/database/tables.ts";

/** The tables the outbox sends from. */
export type QueueTable = "messages" | "mails";

/** What the outbox needs of every row it sends. */
export type Queued = { id: number; createdAt: number; attempts: number };

// The queries are typed on `messages`: every column they touch is in both tables, alike.
type Rows = ExpressionBuilder<Tables, "messages">;

/** No server holds the row any more. */
const released = { claimed_by: null, lease_until: null } as const;

/** Whether no server holds the row under a live lease at `now`. */
const unclaimed = (eb: Rows, now: number) =>
  eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]);

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/**
 * The delivery queries on `table`, returning rows of `columns` (named as `Row` names them).
 * `onDone`: runs after a row is recorded sent or given up (the composed e-mails' one-time keys).
 */
export function deliveryQueue<Row extends Queued>(
  { db, fast }: Database,
  table: QueueTable,
  columns: readonly SelectExpression<Tables, QueueTable>[],
  onDone: (id: number) => Promise<void> = async () => {},
) {
  const rows = table as "messages";
  const increment = sql<number>`attempts + 1`;

  /** Claims due rows of one status for `owner` until the lease ends. */
  const claim = async (
    status: "pending" | "held",
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ) =>
    // RETURNING gives no order: oldest first again.
    (
      (await fast((db) =>
        db
          .updateTable(rows)
          .set({ claimed_by: owner, lease_until: now + leaseMs })
          .where("id", "in", (eb) =>
            eb
              .selectFrom(rows)
              .select("id")
              .where("status", "=", status)
              .where("next_attempt_at", "<=", now)
              .where((eb) => unclaimed(eb, now))
              // A composed e-mail the release before `mails` queued among the messages is
              // handed over to `mails` (migrations/0006-mails.ts), never sent as a message.
              .$if(table === "messages", (query) => query.where("mail", "is", null))
              .orderBy("id")
              .limit(limit)
              // Servers claiming at once skip each other's rows (PostgreSQL; SQLite has
              // one writer at a time).
              .forUpdate()
              .skipLocked(),
          )
          .returning(columns as readonly SelectExpression<Tables, "messages">[])
          .execute(),
      )) as unknown as Row[]
    ).sort((a, b) => a.id - b.id);

  /**
   * Back to the outbox with a fresh count of tries: pending or failed rows matching `which`
   * that no server holds under a live lease, since it may be sending it.
   */
  const requeue = async (which: (eb: Rows) => Expression<SqlBool>, now: number) =>
    changed(
      await db
        .updateTable(rows)
        .set({
          status: "pending",
          attempts: 0,
          next_attempt_at: now,
          last_error: null,
          ...released,
        })
        .where((eb) =>
          eb.and([which(eb), eb("status", "in", ["pending", "failed"]), unclaimed(eb, now)]),
        )
        .executeTakeFirst(),
    );

  /** Changes the row `id` only while `owner` still holds its claim; false once lost. */
  const whileClaimed = async (
    id: number,
    owner: string,
    change: UpdateObject<Tables, "messages">,
  ) =>
    changed(
      await db
        .updateTable(rows)
        .set({ ...change, ...released })
        .where("id", "=", id)
        .where("claimed_by", "=", owner)
        .executeTakeFirst(),
    ) > 0;

  return {
    /** Due rows, oldest first, reserved for `owner` until the lease ends (or it dies). */
    claimDue: (owner: string, now: number, leaseMs: number, limit: number) =>
      claim("pending", owner, now, leaseMs, limit),
    /** Every held row whose window has ended, for one summary e-mail. */
    claimHeld: (owner: string, now: number, leaseMs: number) =>
      claim("held", owner, now, leaseMs, 10_000),
    // The marks of a claimed row change it only while `owner` still holds the claim: once the
    // lease has run out another server may have claimed it, and its outcome wins. Each
    // resolves with false when the claim was lost.
    markSent: async (id: number, owner: string, now = Date.now()) =>
      (await whileClaimed(id, owner, {
        status: "sent",
        sent_at: now,
        attempts: increment,
        next_attempt_at: null,
        last_error: null,
      })) && (await onDone(id), true),
    retryLater: (id: number, owner: string, at: number, error: string) =>
      whileClaimed(id, owner, { attempts: increment, next_attempt_at: at, last_error: error }),
    markFailed: async (id: number, owner: string, error: string) =>
      (await whileClaimed(id, owner, {
        status: "failed",
        attempts: increment,
        next_attempt_at: null,
        last_error: error,
      })) && (await onDone(id), true),
    /** Over the e-mail cap: kept for the summary sent when the window ends (`until`). */
    hold: (id: number, owner: string, until: number) =>
      whileClaimed(id, owner, { status: "held", next_attempt_at: until }),
    /**
     * Records one summary e-mail for the held rows `ids`, in one statement; resolves with the
     * ids it changed (those still held and claimed by `owner`).
     */
    async markSummarized(ids: number[], owner: string, now = Date.now()) {
      if (!ids.length) return [];
      const done = await db
        .updateTable(rows)
        .set({ status: "summarized", sent_at: now, next_attempt_at: null, ...released })
        .where("claimed_by", "=", owner)
        .where("status", "=", "held")
        .where("id", "in", ids)
        .returning("id")
        .execute();
      return done.map((row) => Number(row.id));
    },
    /**
     * Queues a pending or failed row for immediate delivery; false if there is no such row,
     * or a server holds its lease (it may be sending it right now).
     */
    requeue: async (id: number, now = Date.now()) =>
      (await requeue((eb) => eb("id", "=", id), now)) > 0,
    /** Queues every failed row for delivery again; resolves with how many. */
    requeueFailed: (now = Date.now()) => requeue((eb) => eb("status", "=", "failed"), now),
  };
}

export type DeliveryQueue<Row extends Queued> = ReturnType<typeof deliveryQueue<Row>>;
