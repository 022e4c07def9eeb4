// Days and the weekly report's hour in the owner's time zone. Intl does the time-zone
// arithmetic, so summer time needs no table.

/** The owner's days: counts are kept per day of this zone, the report goes out in it. */
const statsTimeZone = "Europe/Madrid";

const hourMs = 3600_000;
const dayMs = 24 * hourMs;

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: statsTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall-clock time in the zone at instant `ms`. */
function wallClock(ms: number) {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

// Offsets change only on the hour (in this zone at 01:00 UTC), so one answer per UTC hour
// serves every request of that hour without formatting a date each time.
let cachedHour = Number.NaN;
let cachedDay = "";

/** The day (YYYY-MM-DD) in the owner's zone at instant `ms`. */
export function localDay(ms: number): string {
  const hour = Math.floor(ms / hourMs);
  if (hour !== cachedHour) {
    const { year, month, day } = wallClock(ms);
    cachedDay = iso(year, month, day);
    cachedHour = hour;
  }
  return cachedDay;
}

/** `day` plus `days` (may be negative), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, date) + days * dayMs);
  return iso(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** 1 for Monday … 7 for Sunday. */
export function weekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The instant at which the zone's clocks show `hour`:00 on `day` (an hour that exists in it). */
export function instantAt(day: string, hour: number): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const wanted = Date.UTC(year, month - 1, date, hour);
  // Start from the wall time read as UTC, then correct by the zone's offset at the guess;
  // the second pass settles a guess that landed across a change of offset.
  let guess = wanted;
  for (let pass = 0; pass < 2; pass++) {
    const wall = wallClock(guess);
    const shown = Date.UTC(
      wall.year,
      wall.month - 1,
      wall.day,
      wall.hour,
      wall.minute,
      wall.second,
    );
    guess += wanted - shown;
  }
  return guess;
}

/** When the weekly report goes out: Monday at this hour, the zone's time. */
const reportHour = 8;

/**
 * The latest report time at or before `now`: its Monday, the instant, and the week it
 * reports on (the seven days before that Monday) with the week before for comparison.
 */
export function latestReportSlot(now: number) {
  const today = localDay(now);
  let monday = addDays(today, 1 - weekday(today));
  if (instantAt(monday, reportHour) > now) monday = addDays(monday, -7);
  return {
    week: monday,
    at: instantAt(monday, reportHour),
    from: addDays(monday, -7),
    to: addDays(monday, -1),
  };
}

/** The default period of `npm run stats`: the last 28 days, today included. */
export function defaultPeriod(now: number) {
  const to = localDay(now);
  return { from: addDays(to, -27), to };
}
