// The company's busy times, read from its calendars' private iCalendar (ICS) addresses
// (BOOKING_CALENDAR_URL): fetched on a schedule with a timeout and a size limit, the last good
// copy kept when a fetch fails, and said to be stale once no fresh copy came for too long.
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import type { Logger } from "#app/config/log.server.ts";
import { companyTimeZone, type Interval } from "#app/booking/availability.ts";

/** Occurrences of one recurring event looked at, at most: a guard against endless rules. */
const maxOccurrences = 50_000;

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

/**
 * The busy times an iCalendar text holds within `range`: single events, every occurrence of
 * recurring ones (RRULE, RDATE, EXDATE) with their moved or cancelled exceptions
 * (RECURRENCE-ID), all-day events as whole days of the company. Throws on a text that is not
 * iCalendar.
 */
export function busyTimes(text: string, range: Interval): Interval[] {
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== "vcalendar") throw new Error("not an iCalendar file (no VCALENDAR)");
  for (const zone of root.getAllSubcomponents("vtimezone")) {
    const tzid = String(zone.getFirstPropertyValue("tzid") ?? "");
    if (tzid && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(zone);
  }
  const events = root.getAllSubcomponents("vevent");
  const exceptions = events.filter((event) => event.hasProperty("recurrence-id"));
  const busy: Interval[] = [];
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
    for (const exception of exceptions) {
      if (exception.getFirstPropertyValue("uid") === event.uid) event.relateException(exception);
    }
    const occurrences = event.iterator();
    for (let count = 0; count < maxOccurrences; count++) {
      const next = occurrences.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const start = instantOf(details.startDate);
      // Occurrences come in order of their original start; a moved one may start later.
      if (instantOf(next) > range.end + 366 * 24 * 3600 * 1000) break;
      add(start, instantOf(details.endDate), details.item.component);
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

export type CalendarOptions = {
  urls: readonly string[];
  refreshMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** Past this age of the oldest copy, the calendar counts as unknown: no slot is offered. */
  maxAgeMs: number;
  /** The span to read busy times for, at each refresh. */
  range: () => Interval;
  now: () => number;
  log: Logger;
};

/** The body of a calendar address, refusing one larger than `maxBytes`. */
async function download(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { Accept: "text/calendar" },
    redirect: "follow",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** An address without its secret part, for the log: the host only. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid address)";
  }
}

/**
 * The calendars' busy times, refreshed every `refreshMs`. Each address keeps its last good
 * copy; `busy()` answers undefined while any of them has had no good copy for `maxAgeMs`
 * (or never had one), so the booking page offers no slot it cannot vouch for.
 */
export function createCalendar(options: CalendarOptions) {
  const { log, now } = options;
  const copies = new Map<string, { busy: Interval[]; at: number }>();
  let lastError: { at: number; message: string } | undefined;
  let staleLogged = false;

  async function refreshOne(url: string) {
    try {
      const text = await download(url, options.timeoutMs, options.maxBytes);
      copies.set(url, { busy: busyTimes(text, options.range()), at: now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      lastError = { at: now(), message: `${hostOf(url)}: ${message}` };
      log.warn(
        { calendar: hostOf(url), err: message },
        "booking calendar could not be read; keeping the last good copy",
      );
    }
  }

  /** Age of the oldest copy in milliseconds; Infinity while one address has none. */
  const age = () =>
    options.urls.reduce((oldest, url) => {
      const copy = copies.get(url);
      return Math.max(oldest, copy ? now() - copy.at : Infinity);
    }, 0);

  const stale = () => options.urls.length === 0 || age() > options.maxAgeMs;

  async function refresh() {
    await Promise.all(options.urls.map(refreshOne));
    // No address at all is said once at start (service.server.ts), as a warning: there is no
    // calendar to go stale.
    if (options.urls.length === 0) return;
    if (stale() && !staleLogged) {
      log.error(
        { ageSeconds: Number.isFinite(age()) ? Math.round(age() / 1000) : null },
        "BOOKING CALENDAR STALE: no slots are offered until it can be read again",
      );
    }
    if (!stale() && staleLogged) log.info("booking calendar readable again");
    staleLogged = stale();
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    refresh,
    start() {
      timer = setInterval(() => void refresh(), options.refreshMs);
      timer.unref();
      return refresh();
    },
    stop: () => clearInterval(timer),
    /** Every busy time of every calendar; undefined when the calendar is stale. */
    busy(): Interval[] | undefined {
      if (stale()) return undefined;
      return [...copies.values()].flatMap((copy) => copy.busy);
    },
    /** For /healthz and the log. */
    health() {
      const oldest = age();
      return {
        calendars: options.urls.length,
        stale: stale(),
        ageSeconds: Number.isFinite(oldest) ? Math.round(oldest / 1000) : null,
        lastError: lastError ?? null,
      };
    },
  };
}
