// The visit counts' tables, on the contact store's database (SQLite or PostgreSQL, the same
// driver): daily totals only, and one row per weekly report sent. The server and the
// `npm run stats` script share it, so it imports nothing from the app (no path aliases).
import type { Driver } from "../contact/store-driver.server.ts";

/**
 * `view`: a page view (key: the page, lang: its language); `entry`: a view arriving from
 * outside the site (key: the page entered); `source`, `campaign`, `device`: of entries (no
 * language); `notFound`: a 404 (key: the path); `message`: a contact message kept as not spam.
 */
export type Metric = "view" | "entry" | "source" | "campaign" | "device" | "notFound" | "message";

export type DailyCount = { day: string; metric: Metric; key: string; lang: string; count: number };

/** Rows per statement: 5 parameters each, well under both databases' limits. */
const chunk = 100;

export function createStatsStore(driver: Driver) {
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
      const values = part.map(
        (_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`,
      );
      await driver.run(
        `INSERT INTO stats_daily (day, metric, key, lang, count) VALUES ${values.join(", ")}
         ON CONFLICT (day, metric, key, lang) DO UPDATE SET count = stats_daily.count + excluded.count`,
        part.flatMap((row) => [row.day, row.metric, row.key, row.lang, row.count]),
        // Counts are cheap to lose: a crash may undo the last few seconds' commit.
        { fast: true },
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
        const moved = await driver.all<{ lang: string; count: number }>(
          `DELETE FROM stats_daily WHERE day = $1 AND metric = $2
           AND key IN (${part.map((_, i) => `$${i + 3}`).join(", ")}) RETURNING lang, count`,
          [day, metric, ...part],
          { fast: true },
        );
        const byLang = new Map<string, number>();
        for (const row of moved)
          byLang.set(row.lang, (byLang.get(row.lang) ?? 0) + Number(row.count));
        await add([...byLang].map(([lang, count]) => ({ day, metric, key: into, lang, count })));
      }
    },
    /** Every count from `from` to `to` (days, both included). */
    range: (from: string, to: string) =>
      driver.all<DailyCount>(
        `SELECT day, metric, key, lang, count FROM stats_daily WHERE day >= $1 AND day <= $2`,
        [from, to],
      ),
    /** Deletes the days before `day`; resolves with how many rows. */
    purgeBefore: (day: string) => driver.run(`DELETE FROM stats_daily WHERE day < $1`, [day]),
    /**
     * Reserves the report of `week` for `owner` until `leaseUntil`, unless it was sent or
     * another server holds it: true when this one may send it.
     */
    async claimReport(week: string, owner: string, now: number, leaseUntil: number) {
      const rows = await driver.all<{ week: string }>(
        `INSERT INTO stats_reports (week, claimed_by, lease_until, sent_at) VALUES ($1, $2, $3, NULL)
         ON CONFLICT (week) DO UPDATE SET claimed_by = excluded.claimed_by, lease_until = excluded.lease_until
         WHERE stats_reports.sent_at IS NULL AND stats_reports.lease_until <= $4
         RETURNING week`,
        [week, owner, leaseUntil, now],
      );
      return rows.length > 0;
    },
    /** Records the report as sent, if `owner` still holds its claim. */
    markReportSent: async (week: string, owner: string, now: number) =>
      (await driver.run(
        `UPDATE stats_reports SET sent_at = $3, claimed_by = NULL WHERE week = $1 AND claimed_by = $2`,
        [week, owner, now],
      )) > 0,
    /** Gives the claim back after a failed send; any server may try again after `retryAt`. */
    releaseReport: (week: string, owner: string, retryAt: number) =>
      driver.run(
        `UPDATE stats_reports SET claimed_by = NULL, lease_until = $3 WHERE week = $1 AND claimed_by = $2`,
        [week, owner, retryAt],
      ),
    /** Whether the report of `week` went out. */
    reportSent: async (week: string) =>
      (
        await driver.all<{ sent: number }>(
          `SELECT count(*) AS sent FROM stats_reports WHERE week = $1 AND sent_at IS NOT NULL`,
          [week],
        )
      ).some((row) => Number(row.sent) > 0),
  };
}

export type StatsStore = ReturnType<typeof createStatsStore>;
