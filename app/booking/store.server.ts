// The booked calls, on the site's database beside the contact messages (app/database). A slot
// is taken once: the unique index `bookings_slot` refuses a second booked row for the same
// start, on SQLite and on a PostgreSQL shared by several servers. A booking and its
// invitations are written in one transaction, so "booked" is never shown without them queued.
import type { SendMailOptions } from "nodemailer";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/database/database.server.ts";
import type { Tables } from "#app/database/tables.ts";
import type { Interval } from "#app/booking/availability.ts";
import type { BookingRecord } from "#app/booking/invitation.server.ts";
import type { OneTimeMail } from "#app/contact/store.server.ts";

export type QueuedMail = { recipient: string; name: string; mail: SendMailOptions & OneTimeMail };

/** Whether a database error is the refusal of a second booking of the same slot. */
function isSlotTaken(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23505" || /UNIQUE constraint failed: bookings\.start_at/.test(String(message));
}

/** Runs a write that claims a slot: "taken" when the unique rule refuses it, as a visitor is told. */
async function claimingSlot<T>(write: () => Promise<T>): Promise<T | "taken"> {
  try {
    return await write();
  } catch (error) {
    if (isSlotTaken(error)) return "taken";
    throw error;
  }
}

const columns = [
  "id",
  "created_at as createdAt",
  "lang",
  "name",
  "email",
  "company",
  "topic",
  "start_at as start",
  "end_at as end",
  "sequence",
  "status",
  "held_until as heldUntil",
] as const;

/**
 * Queues composed e-mails in the outbox (the contact messages' table), in `trx` (a
 * transaction, or the database), due at `now`: the outbox's clock, which is the real one even
 * when the booking clock is set. The panel's invitations go the same way.
 */
export async function queueMails(trx: Kysely<Tables>, mails: QueuedMail[], now: number) {
  if (!mails.length) return;
  await trx
    .insertInto("messages")
    .values(
      mails.map(({ recipient, name, mail }) => ({
        created_at: now,
        lang: "",
        name,
        email: recipient,
        message: String(mail.subject ?? ""),
        status: "pending" as const,
        next_attempt_at: now,
        spam_reason: null,
        suspicion: null,
        mail: JSON.stringify(mail),
      })),
    )
    .execute();
}

/**
 * Deletes the booking held for the slot starting at `start` whose hold has run out by `now`
 * (the booking clock): never confirmed, it must not keep the slot from whoever books it next.
 */
async function releaseExpiredHold(trx: Transaction<Tables>, start: number, now: number) {
  await trx
    .deleteFrom("bookings")
    .where("start_at", "=", start)
    .where("status", "=", "booked")
    .where("held_until", "<=", now)
    .execute();
}

/** Held bookings whose hold lasts at `now` (the booking clock). */
const activeHolds = (db: Kysely<Tables>, now: number) =>
  db.selectFrom("bookings").where("status", "=", "booked").where("held_until", ">", now);

/**
 * Deletes the oldest held bookings until at most `keep` holds last at `now`: holds are capped,
 * and a new one takes the place of the oldest rather than being refused, so a burst of held
 * bookings neither drains the calendar nor locks out whoever books after it for the hold's
 * half hour. The deleted hold's link then says it is no longer valid.
 */
async function releaseOldestHolds(trx: Transaction<Tables>, keep: number, now: number) {
  const held = await activeHolds(trx, now)
    .select("id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const over = held.slice(Math.max(0, keep)).map((row) => row.id);
  if (over.length) await trx.deleteFrom("bookings").where("id", "in", over).execute();
}

export function bookingStore({ db }: Pick<Database, "db">) {
  const find = (id: number) =>
    (db as Kysely<Tables>)
      .selectFrom("bookings")
      .select(columns)
      .where("id", "=", id)
      .executeTakeFirst();
  return {
    find,
    /**
     * The booked calls that end after `from` (the booking clock's now), held ones while their
     * hold lasts: busy for the availability.
     */
    booked: (from: number): Promise<Interval[]> =>
      db
        .selectFrom("bookings")
        .select(["start_at as start", "end_at as end"])
        .where("status", "=", "booked")
        .where("end_at", ">", from)
        .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", ">", from)]))
        .execute(),
    /**
     * Books a slot (held until `booking.heldUntil` when set) and queues its e-mails, made by
     * `mails` from the stored booking. Resolves with the booking, or "taken" when the slot is
     * someone else's.
     */
    /** How many held bookings hold their slot at `now`. */
    holding: async (now: number) =>
      Number(
        (
          await activeHolds(db as Kysely<Tables>, now)
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    async book(
      booking: Omit<BookingRecord, "id" | "sequence">,
      mails: (stored: BookingRecord) => QueuedMail[],
      queuedAt: number,
      { maxHolds }: { maxHolds?: number } = {},
    ): Promise<BookingRecord | "taken"> {
      return claimingSlot(() =>
        db.transaction().execute(async (trx) => {
          await releaseExpiredHold(trx, booking.start, booking.createdAt);
          if (booking.heldUntil && maxHolds !== undefined) {
            await releaseOldestHolds(trx, maxHolds - 1, booking.createdAt);
          }
          const { id } = await trx
            .insertInto("bookings")
            .values({
              created_at: booking.createdAt,
              lang: booking.lang,
              name: booking.name,
              email: booking.email,
              company: booking.company,
              topic: booking.topic,
              start_at: booking.start,
              end_at: booking.end,
              status: "booked",
              sequence: 0,
              held_until: booking.heldUntil ?? null,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const stored = { ...booking, id: Number(id), sequence: 0 };
          await queueMails(trx, mails(stored), queuedAt);
          return stored;
        }),
      );
    },
    /**
     * Moves a booked call to another slot (its SEQUENCE one higher) and queues the updates, if
     * it has been moved fewer than `maxMoves` times (its SEQUENCE counts the moves: only the
     * cancellation raises it too, and a cancelled call is not moved). Resolves with the moved
     * booking, "taken", "exhausted", or undefined when it is not booked any more.
     */
    async move(
      id: number,
      slot: Interval,
      { maxMoves, now }: { maxMoves: number; /** The booking clock. */ now: number },
      mails: (moved: BookingRecord) => QueuedMail[],
      queuedAt: number,
    ): Promise<BookingRecord | "taken" | "exhausted" | undefined> {
      return claimingSlot(() =>
        db.transaction().execute(async (trx) => {
          await releaseExpiredHold(trx, slot.start, now);
          const updated = await trx
            .updateTable("bookings")
            .set((eb) => ({
              start_at: slot.start,
              end_at: slot.end,
              sequence: eb("sequence", "+", 1),
            }))
            .where("id", "=", id)
            .where("status", "=", "booked")
            .where("sequence", "<", maxMoves)
            .where("held_until", "is", null)
            .returning(columns)
            .executeTakeFirst();
          if (!updated) {
            const current = await trx
              .selectFrom("bookings")
              .select("status")
              .where("id", "=", id)
              .executeTakeFirst();
            return current?.status === "booked" ? ("exhausted" as const) : undefined;
          }
          await queueMails(trx, mails(updated), queuedAt);
          return updated;
        }),
      );
    },
    /**
     * Confirms a held booking while its hold lasts (at `now`, the booking clock) and queues its
     * invitations; undefined when it is not held (any more).
     */
    async confirm(
      id: number,
      now: number,
      mails: (confirmed: BookingRecord) => QueuedMail[],
      queuedAt: number,
    ): Promise<BookingRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("bookings")
          .set({ held_until: null })
          .where("id", "=", id)
          .where("status", "=", "booked")
          .where("held_until", ">", now)
          .returning(columns)
          .executeTakeFirst();
        if (!updated) return undefined;
        await queueMails(trx, mails(updated), queuedAt);
        return updated;
      });
    },
    /** Cancels a booked call (freeing its slot) and queues the cancellations. */
    async cancel(
      id: number,
      mails: (cancelled: BookingRecord) => QueuedMail[],
      queuedAt: number,
    ): Promise<BookingRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("bookings")
          .set((eb) => ({ status: "cancelled" as const, sequence: eb("sequence", "+", 1) }))
          .where("id", "=", id)
          .where("status", "=", "booked")
          .returning(columns)
          .executeTakeFirst();
        if (!updated) return undefined;
        await queueMails(trx, mails(updated), queuedAt);
        return updated;
      });
    },
    /** Deletes bookings made before `cutoff` (the contact messages' retention). */
    purgeOlderThan: async (cutoff: number) =>
      Number(
        (await db.deleteFrom("bookings").where("created_at", "<", cutoff).executeTakeFirst())
          .numDeletedRows ?? 0n,
      ),
    /** Deletes every booking made with an address (an erasure request); resolves with how many. */
    deleteByEmail: async (email: string) =>
      Number(
        (
          await db
            .deleteFrom("bookings")
            .where((eb) =>
              eb(eb.fn("lower", ["email"]), "=", eb.fn("lower", [eb.val(email.trim())])),
            )
            .executeTakeFirst()
        ).numDeletedRows ?? 0n,
      ),
    /** Every booking, newest first (npm run inbox -- bookings). */
    list: () => db.selectFrom("bookings").select(columns).orderBy("start_at", "desc").execute(),
  };
}
