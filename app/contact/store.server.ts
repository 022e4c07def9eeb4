// The contact messages, on the site's database (app/database: SQLite or PostgreSQL, one
// schema), which the caller opens and hands in. Shared by the server and the owner's inbox CLI.
// The queries are written once with Kysely, for both databases.
import { sql, type Insertable, type SqlBool } from "kysely";
import type { Database } from "#app/database/database.server.ts";
import { groupCommit } from "#app/database/group-commit.ts";
import type { MessageStatus, Suspicion, Tables } from "#app/database/tables.ts";
import { deliveryQueue } from "#app/mail/queue.server.ts";
import { folded, messageSearchText } from "#app/text/fold.ts";

export type { MessageStatus, Suspicion };

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
] as const;

/** Rows per INSERT of the group commit: 4,500 parameters, under both databases' limits. */
const maxRows = 500;

/** The messages' queries on `database`, which stays the caller's to close. */
export function messageStore(database: Database) {
  const { db } = database;
  const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

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

  return {
    // The outbox's claims and marks (app/mail), on this table.
    ...deliveryQueue<StoredMessage>(database, "messages", columns),
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
        .where("name", "=", message.name)
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", message.email.toLowerCase()))
        .where("message", "=", message.message)
        .limit(1)
        .executeTakeFirst()) !== undefined,
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
          .executeTakeFirst(),
      ) > 0,
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
  };
}

export type MessageStore = Awaited<ReturnType<typeof messageStore>>;
