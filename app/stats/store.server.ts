// The visit counts' tables, on the contact messages' database (app/database: SQLite or
// PostgreSQL, one schema): daily totals only, and one row per weekly report sent. The server
// and the `npm run stats` script share it. The queries are written once with Kysely, for both
// databases.
import type { Database } from "#app/database/database.server.ts";
import type { Metric } from "#app/database/tables.ts";

export type { Metric };

export type DailyCount = { day: string; metric: Metric; key: string; lang: string; count: number };

/** Rows per statement: 5 parameters each, well under both databases' limits. */
const chunk = 100;

export function createStatsStore({ db, fast }: Database) {
  /**
   * Adds counts to the day's totals. Two servers adding to the same row both count: the
   * upsert adds to what is there. Rows go in key order, so two servers' statements take
   * their row locks in the same order and never deadlock.
   */
  async function add(rows: DailyCount[]) {
    const sorted = [...rows].sort((a, b) =>
      `${a.day}\t${a.metric}\t${a.key}\t${a.lang}` < `${b.day}\t${b.metric}\t${b.key}\t${b.lang}`
        ? -1
        : 1,
    );
    for (let start = 0; start < sorted.length; start += chunk) {
      const part = sorted.slice(start, start + chunk);
      // Counts are cheap to lose: a crash may undo the last few seconds' commit.
      await fast((db) =>
        db
          .insertInto("stats_daily")
          .values(
            part.map(({ day, metric, key, lang, count }) => ({ day, metric, key, lang, count })),
          )
          .onConflict((conflict) =>
            conflict.columns(["day", "metric", "key", "lang"]).doUpdateSet((eb) => ({
              count: eb("stats_daily.count", "+", eb.ref("excluded.count")),
            })),
          )
          .execute(),
      );
    }
  }

  return {
    add,
    /**
     * Moves the counts of `keys` (one day and metric, every language) to the key `into`: the
     * daily cap's eviction (app/stats/counter.server.ts), which keeps the table's size and
     * every total. The rows are deleted and their counts added to `into` in two statements,
     * the same on both databases; a crash between them loses those counts, which, as for the
     * `fast` writes, is what a count may cost. A server adding to a key meanwhile makes a
     * new row for it, counted once.
     */
    async fold(day: string, metric: Metric, keys: string[], into: string) {
      for (let start = 0; start < keys.length; start += chunk) {
        const part = keys.slice(start, start + chunk);
        const moved = await fast((db) =>
          db
            .deleteFrom("stats_daily")
            .where("day", "=", day)
            .where("metric", "=", metric)
            .where("key", "in", part)
            .returning(["lang", "count"])
            .execute(),
        );
        const byLang = new Map<string, number>();
        for (const row of moved)
          byLang.set(row.lang, (byLang.get(row.lang) ?? 0) + Number(row.count));
        await add([...byLang].map(([lang, count]) => ({ day, metric, key: into, lang, count })));
      }
    },
    /** Every count from `from` to `to` (days, both included). */
    range: (from: string, to: string): Promise<DailyCount[]> =>
      db
        .selectFrom("stats_daily")
        .select(["day", "metric", "key", "lang", "count"])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .execute(),
    /** Deletes the days before `day`; resolves with how many rows. */
    purgeBefore: async (day: string) =>
      Number(
        (await db.deleteFrom("stats_daily").where("day", "<", day).executeTakeFirst())
          .numDeletedRows,
      ),
    /**
     * Reserves the report of `week` for `owner` until `leaseUntil`, unless it was sent or
     * another server holds it: true when this one may send it.
     */
    async claimReport(week: string, owner: string, now: number, leaseUntil: number) {
      const claimed = await db
        .insertInto("stats_reports")
        .values({ week, claimed_by: owner, lease_until: leaseUntil, sent_at: null })
        .onConflict((conflict) =>
          conflict
            .column("week")
            .doUpdateSet((eb) => ({
              claimed_by: eb.ref("excluded.claimed_by"),
              lease_until: eb.ref("excluded.lease_until"),
            }))
            .where("stats_reports.sent_at", "is", null)
            .where("stats_reports.lease_until", "<=", now),
        )
        .returning("week")
        .executeTakeFirst();
      return claimed !== undefined;
    },
    /** Records the report as sent, if `owner` still holds its claim. */
    markReportSent: async (week: string, owner: string, now: number) =>
      (
        await db
          .updateTable("stats_reports")
          .set({ sent_at: now, claimed_by: null })
          .where("week", "=", week)
          .where("claimed_by", "=", owner)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,
    /** Gives the claim back after a failed send; any server may try again after `retryAt`. */
    releaseReport: async (week: string, owner: string, retryAt: number) =>
      Number(
        (
          await db
            .updateTable("stats_reports")
            .set({ claimed_by: null, lease_until: retryAt })
            .where("week", "=", week)
            .where("claimed_by", "=", owner)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
    /** Whether the report of `week` went out. */
    reportSent: async (week: string) =>
      (await db
        .selectFrom("stats_reports")
        .select("week")
        .where("week", "=", week)
        .where("sent_at", "is not", null)
        .executeTakeFirst()) !== undefined,
  };
}

export type StatsStore = ReturnType<typeof createStatsStore>;
