// The limits every feature shares, on the site's database: the rate limits' counts
// (`rate_limits`: the contact and booking forms, /ask, the panel's sign-in, the e-mails to one
// address), the e-mails of each window of the owner's mailbox cap (`mail_quota`, the outbox's)
// and the database's own secrets (`secrets`: the rate limit's hashing key).
import { randomBytes } from "node:crypto";
import type { Database } from "#app/database/database.server.ts";

/** The limits' queries on `database`; makes the rate limit's hashing key on first use. */
export async function limitsStore({ db, fast }: Database) {
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

  return {
    /** The per-database key for hashing client addresses. */
    secret,
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
  };
}

export type LimitsStore = Awaited<ReturnType<typeof limitsStore>>;
