// How long the visit counts are kept: the privacy policy states it, the daily purge applies it.

/** Daily counts are kept this many months, then deleted. */
export const statsRetentionMonths = 25;

/** The first day kept on `today`: 25 months back, the same day of the month (or the month's last). */
export function retentionStart(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 - statsRetentionMonths, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}
