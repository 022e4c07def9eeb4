// The busy times an iCalendar text holds within a span of time, expanded within bounds: a
// calendar is written by whoever can put an event in it (an invitation is added by itself),
// so a rule like FREQ=DAILY from 1970 must cost what the offered weeks cost, not 57 years of
// days. Runs in a worker thread (calendar-worker.server.ts), never on the server's main thread.
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { companyTimeZone, type Interval } from "#app/booking/availability.ts";

const dayMs = 24 * 3600 * 1000;

/**
 * Occurrences looked at in one reading, all events together: about a second of work on a
 * small server (ical.js takes some 20 µs an occurrence). Past it the reading fails and the
 * last good copy is kept: a calendar this costly is not the company's agenda. A rule of a fixed
 * period without COUNT (hourly, daily, weekly, …) costs about 25 occurrences a day of its
 * period however old (`fastForward`); a monthly meeting since 2000 about 330, a weekly one with
 * a COUNT since 2000 up to 1,400.
 */
const maxStepsPerReading = 50_000;

/**
 * Occurrences looked at for one event: one past it is left out of the reading (and named in
 * `skipped`) rather than failing the whole calendar, so one hostile event cannot switch booking
 * off while the other events still count.
 */
const maxStepsPerEvent = 10_000;

function isTimeZone(name: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of an iCalendar time. A date (all-day) is the company's midnight; a time in UTC
 * is itself; a time with a time zone is read in that zone, by its IANA name when it has one
 * (Google, Fastmail) or by the calendar's own VTIMEZONE (Outlook's Windows names); a floating
 * time is the company's.
 */
function instantOf(time: ICAL.Time): number {
  const wall = () =>
    Temporal.PlainDateTime.from({
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.isDate ? 0 : time.hour,
      minute: time.isDate ? 0 : time.minute,
      second: time.isDate ? 0 : time.second,
    });
  const inZone = (zone: string) =>
    wall().toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
  if (time.isDate) return inZone(companyTimeZone);
  const tzid = time.zone?.tzid ?? (time as { timezone?: string }).timezone;
  if (tzid === "UTC" || tzid === "Z") return time.toUnixTime() * 1000;
  if (tzid && tzid !== "floating" && isTimeZone(tzid)) return inZone(tzid);
  if (tzid && tzid !== "floating" && ICAL.TimezoneService.has(tzid)) {
    return time.toUnixTime() * 1000;
  }
  return inZone(companyTimeZone);
}

/** Whether an event (or one occurrence) leaves its time free: cancelled, or marked free. */
function isFree(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status === "CANCELLED" || transparency === "TRANSPARENT";
}

/** Seconds of one step of each fixed-period frequency (months and years have none). */
const unitSeconds: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Where to start expanding a rule so that it reaches `from` in a few steps: a later first
 * occurrence of the same pattern, whole days after DTSTART that are also whole periods of the
 * rule (days keep their wall-clock time, so a zone's summer time changes nothing; an hourly rule
 * jumps by whole days, a rule every 5 hours by 5 days). For one rule of a fixed period (secondly
 * to weekly) without COUNT (a COUNT counts from the real first occurrence); other rules start at
 * DTSTART, their cost bounded by the caps. The start lands over a week before `from`: ical.js
 * also yields the start itself as an occurrence, which must fall outside the span read.
 */
function fastForward(event: ICAL.Event, from: number): ICAL.Time | undefined {
  const [only, ...more] = event.component.getAllProperties("rrule");
  if (!only || more.length) return undefined;
  const rule = only.getFirstValue() as ICAL.Recur;
  if (rule.count) return undefined;
  const unit = unitSeconds[rule.freq];
  if (!unit) return undefined;
  const period = unit * (rule.interval || 1);
  const jumpDays = period / gcd(period, 86_400);
  const periods = Math.floor((from - 8 * dayMs - instantOf(event.startDate)) / (jumpDays * dayMs));
  if (periods <= 0) return undefined;
  const start = event.startDate.clone();
  start.adjust(periods * jumpDays, 0, 0, 0);
  return start;
}

/**
 * The busy times an iCalendar text holds within `range`: single events, every occurrence of
 * recurring ones (RRULE, RDATE, EXDATE) with their moved or cancelled exceptions
 * (RECURRENCE-ID), all-day events as whole days of the company; `skipped`: the UIDs of the
 * recurring events left out, each costing more than `maxPerEvent` occurrences. Throws on a text
 * that is not iCalendar, and on one whose expansion takes more than `maxSteps` occurrences.
 */
export function busyTimes(
  text: string,
  range: Interval,
  { maxSteps = maxStepsPerReading, maxPerEvent = maxStepsPerEvent } = {},
): { busy: Interval[]; skipped: string[] } {
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== "vcalendar") throw new Error("not an iCalendar file (no VCALENDAR)");
  for (const zone of root.getAllSubcomponents("vtimezone")) {
    const tzid = String(zone.getFirstPropertyValue("tzid") ?? "");
    if (tzid && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(zone);
  }
  const events = root.getAllSubcomponents("vevent");
  const exceptions = events.filter((event) => event.hasProperty("recurrence-id"));
  const busy: Interval[] = [];
  const skipped: string[] = [];
  let steps = 0;
  const add = (start: number, end: number, component: ICAL.Component) => {
    if (isFree(component)) return;
    // An event without an end lasts a day (all-day) or an instant (nothing to block).
    if (end > range.start && start < range.end && end > start) busy.push({ start, end });
  };
  for (const component of events) {
    if (component.hasProperty("recurrence-id")) continue;
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      const start = instantOf(event.startDate);
      const end = event.endDate ? instantOf(event.endDate) : start;
      add(start, end, component);
      continue;
    }
    const own = exceptions.filter(
      (exception) => exception.getFirstPropertyValue("uid") === event.uid,
    );
    for (const exception of own) event.relateException(exception);
    // An occurrence further than this from the span cannot touch it: skipped without working
    // out its details (its zone, its end). Moved occurrences are added from their own times
    // below, wherever the rule's expansion starts.
    const length = event.endDate
      ? Math.max(0, instantOf(event.endDate) - instantOf(event.startDate))
      : 0;
    const earliest = range.start - length - 2 * dayMs;
    const last = range.end + 2 * dayMs;
    const occurrences = event.iterator(fastForward(event, range.start));
    // Added once the event is known to be within its cap: a skipped event adds nothing.
    const found: [number, number, ICAL.Component][] = [];
    let eventSteps = 0;
    let tooCostly = false;
    for (let next = occurrences.next(); next; next = occurrences.next()) {
      if (++steps > maxSteps) {
        throw new Error(`more than ${maxSteps} occurrences to look at: not read`);
      }
      if (++eventSteps > maxPerEvent) {
        tooCostly = true;
        break;
      }
      // Within a day of the instant, whatever the zone: enough to skip what is far away.
      const near = next.toUnixTime() * 1000;
      if (near > last) break;
      if (near < earliest) continue;
      const details = event.getOccurrenceDetails(next);
      found.push([
        instantOf(details.startDate),
        instantOf(details.endDate),
        details.item.component,
      ]);
    }
    if (tooCostly) {
      skipped.push(event.uid || "(no UID)");
      continue;
    }
    for (const [start, end, occurrence] of found) add(start, end, occurrence);
    for (const exception of own) {
      const moved = new ICAL.Event(exception);
      if (!moved.startDate) continue;
      const start = instantOf(moved.startDate);
      add(start, moved.endDate ? instantOf(moved.endDate) : start, exception);
    }
  }
  return { busy: busy.sort((a, b) => a.start - b.start), skipped };
}
