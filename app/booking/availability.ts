// The free slots of the booking page: the company's working hours (content/booking.json), in
// its time zone, minus its calendar's busy times and the calls already booked. Pure: the
// clock and the busy times are arguments, so the maths is tested without a server.
import { Temporal } from "temporal-polyfill";
import { weekdays, type BookingRules } from "#app/content/schema.ts";

/** The company's time zone: slots are computed on its wall clock, summer time included. */
export const companyTimeZone = "Europe/Madrid";

/** A span of time, in milliseconds since the epoch; `end` is exclusive. */
export type Interval = { start: number; end: number };

/** The free slots of one day of the company's calendar (`date`: YYYY-MM-DD, its time zone). */
export type Day = { date: string; slots: Interval[] };

const minuteMs = 60_000;

/** The instant a wall-clock time of the company's zone names (a skipped hour moves forward). */
function instantOf(date: Temporal.PlainDate, time: string): number {
  const [hour, minute] = time.split(":").map(Number);
  return date
    .toPlainDateTime({ hour: hour ?? 0, minute: minute ?? 0 })
    .toZonedDateTime(companyTimeZone, { disambiguation: "compatible" }).epochMilliseconds;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * Every day from today (the company's) to `daysAhead` days on, each with its free slots:
 * starts every `meetingMinutes` within each working-hours span, kept when the call fits the
 * span, begins at least `minimumNoticeHours` after `now`, and neither it nor its buffer on
 * either side touches a busy time. Holidays and days without hours have no slots.
 */
export function freeDays(rules: BookingRules, busy: readonly Interval[], now: number): Day[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now)
    .toZonedDateTimeISO(companyTimeZone)
    .toPlainDate();
  const earliest = now + rules.minimumNoticeHours * 60 * minuteMs;
  const length = rules.meetingMinutes * minuteMs;
  const buffer = rules.bufferMinutes * minuteMs;
  const days: Day[] = [];
  for (let offset = 0; offset <= rules.daysAhead; offset++) {
    const date = today.add({ days: offset });
    const key = date.toString();
    const slots: Interval[] = [];
    if (!rules.holidays.includes(key)) {
      const weekday = weekdays[date.dayOfWeek - 1];
      const spans = rules.workingHours
        .filter((hours) => hours.day === weekday)
        .map((hours) => ({ start: instantOf(date, hours.from), end: instantOf(date, hours.to) }))
        .sort((a, b) => a.start - b.start);
      for (const span of spans) {
        for (let start = span.start; start + length <= span.end; start += length) {
          const slot = { start, end: start + length };
          const guarded = { start: start - buffer, end: slot.end + buffer };
          if (start < earliest || busy.some((interval) => overlaps(interval, guarded))) continue;
          if (!slots.some((taken) => taken.start === start)) slots.push(slot);
        }
      }
    }
    days.push({ date: key, slots });
  }
  return days;
}

/** The span the availability can reach, for reading the calendar: today to the last day. */
export function horizon(rules: BookingRules, now: number): Interval {
  const today = Temporal.Instant.fromEpochMilliseconds(now)
    .toZonedDateTimeISO(companyTimeZone)
    .startOfDay();
  return {
    start: today.epochMilliseconds,
    end: today.add({ days: rules.daysAhead + 1 }).epochMilliseconds,
  };
}
