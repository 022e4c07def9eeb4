// The contact messages, on the site's database (app/database: SQLite or PostgreSQL, one
// schema). Shared by the server and the owner's inbox CLI. The queries are written once with
// Kysely, for both databases.
import { randomBytes } from "node:crypto";
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  type UpdateObject,
} from "kysely";
import {
  openDatabase,
  type Database,
  type DatabaseOptions,
} from "#app/database/database.server.ts";
import { groupCommit } from "#app/database/group-commit.ts";
import type { Tables } from "#app/database/tables.ts";
import { folded, messageSearchText } from "#app/text/fold.ts";

/**
 * `held`: over the hourly e-mail cap, waiting for the summary e-mail; `summarized`: listed
 * in one; `failed`: gave up e-mailing it; `spam`: kept, never e-mailed unless released.
 */
/** A composed e-mail whose links hold one-time keys, kept only until it is sent or given up. */
export type OneTimeMail = { oneTime?: boolean; text?: unknown };

export type MessageStatus = "pending" | "sent" | "failed" | "spam" | "held" | "summarized";

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
  /** An e-mail composed in full (JSON), sent as it is: a booking's invitation (app/booking). */
  mail: string | null;
};

/**
 * Why a message may be spam though it passed the honeypot: `too-fast`, sent sooner after the
 * first touch of the form than people write; `no-timer`, the form's fill time was missing or
 * malformed. Such messages are e-mailed, marked: a timing guess never drops a lead.
 */
export type Suspicion = "too-fast" | "no-timer";

/** The owner's mark on a message in the panel. */
export type OwnerMark = "new" | "answered" | "archived";

/** `spamReason`: kept as spam, never e-mailed; `suspicion`: e-mailed, marked. */
export type NewMessage = Pick<StoredMessage, "lang" | "name" | "email" | "message"> & {
  spamReason?: string;
  suspicion?: Suspicion;
};

/** A message's columns as `StoredMessage` names them. */
const columns = [
  "id",
  "created_at as createdAt",
  "lang",
  "name",
  "email",
  "message",
  "status",
  "attempts",
  "next_attempt_at as nextAttemptAt",
  "last_error as lastError",
  "sent_at as sentAt",
  "spam_reason as spamReason",
  "suspicion",
  "mail",
] as const;

/** No server holds the message any more. */
const released = { claimed_by: null, lease_until: null } as const;

type Messages = ExpressionBuilder<Tables, "messages">;

/** The message's count of tries, plus this one. */
const oneMoreAttempt = expressionBuilder<Tables, "messages">()("attempts", "+", 1);

/** Whether no server holds the message under a live lease at `now`. */
const unclaimed = (eb: Messages, now: number) =>
  eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]);

/** Rows per INSERT of the group commit: 4,500 parameters, under both databases' limits. */
const maxRows = 500;

export async function openStore(options: DatabaseOptions): Promise<MessageStore> {
  return createStore(await openDatabase(options));
}

async function createStore(database: Database) {
  const { db, fast } = database;
  const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

  // The key of the rate limit's hashes: random per database, so a copy of the table alone
  // cannot be matched against addresses.
  await db
    .insertInto("secrets")
    .values({ name: "rate-limit", value: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const { value: secret } = await db
    .selectFrom("secrets")
    .select("value")
    .where("name", "=", "rate-limit")
    .executeTakeFirstOrThrow();

  // Group commit: one INSERT, one commit for the messages of one turn of the event loop.
  // Ids are drawn in VALUES order, so the ids sorted match the messages in order.
  const insertBatch = groupCommit<Insertable<Tables["messages"]>>((queued) => {
    for (let start = 0; start < queued.length; start += maxRows) {
      const pending = queued.slice(start, start + maxRows);
      db.insertInto("messages")
        .values(pending.map((entry) => entry.item))
        .returning("id")
        .execute()
        .then(
          (rows) => {
            const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
            pending.forEach((entry, index) => {
              const id = ids[index];
              if (id === undefined) entry.reject(new Error("INSERT returned too few ids"));
              else entry.resolve(id);
            });
          },
          (error: unknown) => pending.forEach((entry) => entry.reject(error)),
        );
    }
  });

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
      await fast((db) =>
        db
          .updateTable("messages")
          .set({ claimed_by: owner, lease_until: now + leaseMs })
          .where("id", "in", (eb) =>
            eb
              .selectFrom("messages")
              .select("id")
              .where("status", "=", status)
              .where("next_attempt_at", "<=", now)
              .where((eb) => unclaimed(eb, now))
              .orderBy("id")
              .limit(limit)
              // Servers claiming at once skip each other's rows (PostgreSQL; SQLite has
              // one writer at a time).
              .forUpdate()
              .skipLocked(),
          )
          .returning(columns)
          .execute(),
      )
    ).sort((a, b) => a.id - b.id);

  /**
   * Back to the outbox with a fresh count of tries: pending or failed rows matching `which`
   * that no server holds under a live lease, since it may be sending it.
   */
  const requeue = async (which: (eb: Messages) => Expression<SqlBool>, now: number) =>
    changed(
      await db
        .updateTable("messages")
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

  /** Changes the message `id` only while `owner` still holds its claim; false once lost. */
  const whileClaimed = async (
    id: number,
    owner: string,
    change: UpdateObject<Tables, "messages">,
  ) =>
    changed(
      await db
        .updateTable("messages")
        .set({ ...change, ...released })
        .where("id", "=", id)
        .where("claimed_by", "=", owner)
        .executeTakeFirst(),
    ) > 0;

  /**
   * A composed e-mail marked `oneTime` (a panel invitation) carries a key in its links' `t=`
   * parameter: once it is sent or given up, the key is taken out of the stored copy, so a copy
   * of the database holds no working link (the page of a link without its key says it has
   * expired, should the e-mail ever be sent again).
   */
  const scrubOneTime = async (id: number) => {
    const row = await db
      .selectFrom("messages")
      .select("mail")
      .where("id", "=", id)
      .executeTakeFirst();
    const mail = row?.mail ? (JSON.parse(row.mail) as OneTimeMail) : undefined;
    if (!mail?.oneTime || typeof mail.text !== "string") return;
    const text = mail.text.replace(/([?&]t=)[\w-]+/g, "$1");
    await db
      .updateTable("messages")
      .set({ mail: JSON.stringify({ ...mail, text }) })
      .where("id", "=", id)
      .execute();
  };

  return {
    kind: database.engine,
    /** The database itself, for the visit counts' tables (app/stats) beside the messages. */
    driver: database,
    /** The per-database key for hashing client addresses. */
    secret,
    /** Stores a message durably and returns its id. Spam is kept but never delivered. */
    insert(message: NewMessage, now = Date.now()): Promise<number> {
      const spam = message.spamReason !== undefined;
      return insertBatch({
        created_at: now,
        lang: message.lang,
        name: message.name,
        email: message.email,
        message: message.message,
        status: spam ? "spam" : "pending",
        next_attempt_at: spam ? null : now,
        spam_reason: message.spamReason ?? null,
        suspicion: message.suspicion ?? null,
        search_text: messageSearchText(message),
      });
    },
    /**
     * Whether a message with the same name, address (in any case) and text was stored since
     * `since`: a repeat of it is the same message (a double click, a resend after a slow answer).
     */
    isRepeat: async (
      message: Pick<NewMessage, "name" | "email" | "message">,
      since: number,
    ): Promise<boolean> =>
      (await db
        .selectFrom("messages")
        .select("id")
        .where("created_at", ">=", since)
        .where("mail", "is", null)
        .where("name", "=", message.name)
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", message.email.toLowerCase()))
        .where("message", "=", message.message)
        .limit(1)
        .executeTakeFirst()) !== undefined,
    /** Due messages, oldest first, reserved for `owner` until the lease ends (or it dies). */
    claimDue: (owner: string, now: number, leaseMs: number, limit: number) =>
      claim("pending", owner, now, leaseMs, limit),
    /** Every held message whose window has ended, for one summary e-mail. */
    claimHeld: (owner: string, now: number, leaseMs: number) =>
      claim("held", owner, now, leaseMs, 10_000),
    get: (id: number): Promise<StoredMessage | undefined> =>
      db.selectFrom("messages").select(columns).where("id", "=", id).executeTakeFirst(),
    list: (limit?: number): Promise<StoredMessage[]> =>
      db
        .selectFrom("messages")
        .select(columns)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .$if(limit !== undefined && limit > 0, (query) => query.limit(limit ?? 0))
        .execute(),
    /**
     * The owner's inbox in the panel: visitors' messages (no composed e-mail), newest first,
     * kept as spam or not, with the owner's mark, those whose name, address or text contain
     * `search` (without case or accents: "Pollenca" finds "Pollença").
     */
    inbox: ({
      spam,
      search = "",
      mark,
      id,
      limit = 200,
    }: {
      spam: boolean;
      /** One message only. */
      id?: number;
      search?: string;
      /** "new": not marked yet; absent: any. */
      mark?: OwnerMark;
      limit?: number;
    }): Promise<(StoredMessage & { ownerStatus: OwnerMark })[]> => {
      // Without case or accents, on the folded copy kept beside each message (app/text/fold.ts);
      // LIKE's own characters are searched as themselves.
      const pattern = `%${folded(search.trim()).replace(/[\\%_]/g, "\\$&")}%`;
      return db
        .selectFrom("messages")
        .select([...columns, sql<OwnerMark>`coalesce(owner_status, 'new')`.as("ownerStatus")])
        .where("mail", "is", null)
        .where("status", spam ? "=" : "!=", "spam")
        .$if(id !== undefined, (query) => query.where("id", "=", id ?? 0))
        .$if(search.trim() !== "", (query) =>
          query.where(sql<SqlBool>`search_text like ${pattern} escape '\\'`),
        )
        .$if(mark !== undefined, (query) =>
          mark === "new"
            ? query.where("owner_status", "is", null)
            : query.where("owner_status", "=", mark as Exclude<OwnerMark, "new">),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },
    /** The owner's mark on a visitor's message; false if there is no such message. */
    mark: async (id: number, mark: OwnerMark) =>
      changed(
        await db
          .updateTable("messages")
          .set({ owner_status: mark === "new" ? null : mark })
          .where("id", "=", id)
          .where("mail", "is", null)
          .executeTakeFirst(),
      ) > 0,
    // The marks of a claimed message change it only while `owner` still holds the claim: once
    // the lease has run out another server may have claimed it, and its outcome wins. Each
    // resolves with false when the claim was lost.
    markSent: async (id: number, owner: string, now = Date.now()) =>
      (await whileClaimed(id, owner, {
        status: "sent",
        sent_at: now,
        attempts: oneMoreAttempt,
        next_attempt_at: null,
        last_error: null,
      })) && (await scrubOneTime(id), true),
    retryLater: (id: number, owner: string, at: number, error: string) =>
      whileClaimed(id, owner, { attempts: oneMoreAttempt, next_attempt_at: at, last_error: error }),
    markFailed: async (id: number, owner: string, error: string) =>
      (await whileClaimed(id, owner, {
        status: "failed",
        attempts: oneMoreAttempt,
        next_attempt_at: null,
        last_error: error,
      })) && (await scrubOneTime(id), true),
    /** Over the e-mail cap: kept for the summary sent when the window ends (`until`). */
    hold: (id: number, owner: string, until: number) =>
      whileClaimed(id, owner, { status: "held", next_attempt_at: until }),
    /**
     * Records one summary e-mail for the held messages `ids`, in one statement; resolves with
     * the ids it changed (those still held and claimed by `owner`).
     */
    async markSummarized(ids: number[], owner: string, now = Date.now()) {
      if (!ids.length) return [];
      const rows = await db
        .updateTable("messages")
        .set({ status: "summarized", sent_at: now, next_attempt_at: null, ...released })
        .where("claimed_by", "=", owner)
        .where("status", "=", "held")
        .where("id", "in", ids)
        .returning("id")
        .execute();
      return rows.map((row) => Number(row.id));
    },
    /**
     * Queues a pending or failed message for immediate delivery; false if there is no such
     * message, or a server holds its lease (it may be sending it right now).
     */
    requeue: async (id: number, now = Date.now()) =>
      (await requeue((eb) => eb("id", "=", id), now)) > 0,
    /** Queues every failed message for delivery again; resolves with how many. */
    requeueFailed: (now = Date.now()) => requeue((eb) => eb("status", "=", "failed"), now),
    /** A message wrongly kept as spam goes to the outbox; false if there is no such spam. */
    releaseSpam: async (id: number, now = Date.now()) =>
      changed(
        await db
          .updateTable("messages")
          .set({ status: "pending", attempts: 0, next_attempt_at: now })
          .where("id", "=", id)
          .where("status", "=", "spam")
          .executeTakeFirst(),
      ) > 0,
    delete: async (id: number) =>
      changed(await db.deleteFrom("messages").where("id", "=", id).executeTakeFirst()) > 0,
    deleteByEmail: async (email: string) =>
      changed(
        await db
          .deleteFrom("messages")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", eb.fn("lower", [eb.val(email.trim())])))
          .executeTakeFirst(),
      ),
    purgeOlderThan: async (cutoff: number) =>
      changed(await db.deleteFrom("messages").where("created_at", "<", cutoff).executeTakeFirst()),
    /**
     * Messages waiting for delivery, given up on, held over the e-mail cap, kept as spam, and
     * delivered (or to be) marked as suspected.
     */
    async counts() {
      const rows = await db
        .selectFrom("messages")
        .select((eb) => [
          eb.ref("status").$castTo<string>().as("status"),
          eb.fn.countAll().as("count"),
        ])
        .where("status", "in", ["pending", "failed", "held", "spam"])
        .groupBy("status")
        .unionAll((eb) =>
          eb
            .selectFrom("messages")
            .select((eb) => [sql.lit("suspected").as("status"), eb.fn.countAll().as("count")])
            .where("suspicion", "is not", null),
        )
        .execute();
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
    hit: (key: string, now: number, windowMs: number) =>
      fast((db) =>
        db
          .insertInto("rate_limits")
          .values({ key, hits: 1, reset_at: now + windowMs })
          .onConflict((conflict) =>
            conflict.column("key").doUpdateSet((eb) => {
              const expired = eb("rate_limits.reset_at", "<=", now);
              return {
                hits: eb
                  .case()
                  .when(expired)
                  .then(eb.lit(1))
                  .else(eb("rate_limits.hits", "+", eb.lit(1)))
                  .end(),
                reset_at: eb
                  .case()
                  .when(expired)
                  .then(now + windowMs)
                  .else(eb.ref("rate_limits.reset_at"))
                  .end(),
              };
            }),
          )
          .returning(["hits", "reset_at as resetAt"])
          .executeTakeFirstOrThrow(),
      ),
    /** Takes one of `max` e-mails of the window starting at `window`; false when none is left. */
    async takeMailSlot(window: number, max: number) {
      const row = await fast((db) =>
        db
          .insertInto("mail_quota")
          .values({ window_start: window, sent: 1 })
          .onConflict((conflict) =>
            conflict
              .column("window_start")
              .doUpdateSet((eb) => ({ sent: eb("mail_quota.sent", "+", eb.lit(1)) }))
              .where("mail_quota.sent", "<", max),
          )
          .returning("sent")
          .executeTakeFirst(),
      );
      return row !== undefined;
    },
    /** Gives back a slot whose e-mail did not go out. */
    returnMailSlot: async (window: number) =>
      void (await fast((db) =>
        db
          .updateTable("mail_quota")
          .set((eb) => ({ sent: eb("sent", "-", eb.lit(1)) }))
          .where("window_start", "=", window)
          .where("sent", ">", 0)
          .execute(),
      )),
    /** Drops rate-limit entries past their window and e-mail counts of past windows. */
    async sweep(now: number, oldestWindow: number) {
      await fast(async (db) => {
        await db.deleteFrom("rate_limits").where("reset_at", "<=", now).execute();
        await db.deleteFrom("mail_quota").where("window_start", "<", oldestWindow).execute();
      });
    },
    exclusively: database.exclusively,
    /** A consistent copy (SQLite); resolves with what was done. */
    backup: database.backup,
    close: database.close,
  };
}

export type MessageStore = Awaited<ReturnType<typeof createStore>>;
