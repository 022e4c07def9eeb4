import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { companyTimeZone, freeDays, horizon, type Day } from "#app/booking/availability.ts";
import { busyTimes } from "#app/booking/busy-times.ts";
import type { BookingRules } from "#app/content/schema.ts";

const rules: BookingRules = {
  workingHours: [
    ...(["mon", "tue", "wed", "thu"] as const).flatMap((day) => [
      { day, from: "09:00", to: "13:00" },
      { day, from: "15:00", to: "17:00" },
    ]),
    { day: "fri", from: "09:00", to: "13:00" },
  ],
  meetingMinutes: 30,
  bufferMinutes: 0,
  minimumNoticeHours: 24,
  daysAhead: 8,
  holidays: [],
};

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/calendar/${name}`, import.meta.url), "utf8");

/** Wednesday 24 March 2027, 12:00 in Madrid (CET, UTC+1): summer time begins on Sunday 28. */
const now = Date.parse("2027-03-24T11:00:00Z");

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: companyTimeZone,
  hour: "2-digit",
  minute: "2-digit",
});

/** Each day's slots as Madrid wall-clock starts. */
const asWallClock = (days: Day[]) =>
  Object.fromEntries(
    days.map((day) => [day.date, day.slots.map((slot) => wallClock.format(slot.start))]),
  );

const range = (from: string, to: string) => {
  const result: string[] = [];
  for (
    let t = Date.parse(`2000-01-01T${from}:00Z`);
    t < Date.parse(`2000-01-01T${to}:00Z`);
    t += 1_800_000
  )
    result.push(new Date(t).toISOString().slice(11, 16));
  return result;
};

describe("free slots", () => {
  const busy = [
    ...busyTimes(fixture("company.ics"), horizon(rules, now)).busy,
    ...busyTimes(fixture("other-zone.ics"), horizon(rules, now)).busy,
  ];

  it("are the working hours minus the calendar, on Madrid's wall clock across the summer-time change", () => {
    expect(asWallClock(freeDays(rules, busy, now))).toEqual({
      // Minimum notice: nothing before Thursday 12:00.
      "2027-03-24": [],
      // The weekly stand-up (09:00) is before the notice ends anyway.
      "2027-03-25": [...range("12:00", "13:00"), ...range("15:00", "17:00")],
      // The all-day company holiday.
      "2027-03-26": [],
      "2027-03-27": [],
      "2027-03-28": [],
      // Summer time: the stand-up's exception moved this Monday's one to 16:00.
      "2027-03-29": [...range("09:00", "13:00"), ...range("15:00", "16:00")],
      // 10:00-11:00 in New York (EDT) is 16:00-17:00 in Madrid (CEST).
      "2027-03-30": [...range("09:00", "13:00"), ...range("15:00", "16:00")],
      // An event marked "free" blocks nothing.
      "2027-03-31": [...range("09:00", "13:00"), ...range("15:00", "17:00")],
      // The stand-up again at 09:00, now in summer time.
      "2027-04-01": [...range("10:00", "13:00"), ...range("15:00", "17:00")],
    });
  });

  it("are instants that follow the change of offset", () => {
    const days = freeDays(rules, busy, now);
    const first = (date: string) => days.find((day) => day.date === date)?.slots[0]?.start;
    expect(new Date(first("2027-03-25")!).toISOString()).toBe("2027-03-25T11:00:00.000Z");
    expect(new Date(first("2027-03-29")!).toISOString()).toBe("2027-03-29T07:00:00.000Z");
  });

  it("keep the buffer around busy times and skip holidays", () => {
    const days = freeDays({ ...rules, bufferMinutes: 15, holidays: ["2027-03-31"] }, busy, now);
    const wall = asWallClock(days);
    // The 16:00 stand-up on Monday: 15:30 would end within its buffer.
    expect(wall["2027-03-29"]).toEqual([...range("09:00", "13:00"), "15:00"]);
    expect(wall["2027-03-31"]).toEqual([]);
  });

  it("offer nothing taken by a booking, and nothing but whole calls within the hours", () => {
    const booked = {
      start: Date.parse("2027-03-31T07:00:00Z"),
      end: Date.parse("2027-03-31T07:30:00Z"),
    };
    const wall = asWallClock(freeDays({ ...rules, meetingMinutes: 45 }, [...busy, booked], now));
    expect(wall["2027-03-31"]).toEqual(["09:45", "10:30", "11:15", "12:00", "15:00", "15:45"]);
  });
});

describe("reading a calendar", () => {
  /** The company's calendar with more events in it. */
  const withEvents = (...events: string[]) =>
    fixture("company.ics").replace(
      "END:VCALENDAR",
      [
        ...events.map((lines, n) =>
          [
            "BEGIN:VEVENT",
            `UID:added-${n}@example.org`,
            "DTSTAMP:20270301T000000Z",
            lines,
            "END:VEVENT",
          ].join("\r\n"),
        ),
        "END:VCALENDAR",
      ].join("\r\n"),
    );
  const freeWith = (text: string) =>
    asWallClock(freeDays(rules, busyTimes(text, horizon(rules, now)).busy, now));
  const companyOnly = freeWith(fixture("company.ics"));

  it("expands an hourly rule from 2020 only near the offered days: the others' busy times still count", () => {
    // Found by a probe: 60,000 hours since 2020 went past the reading's cap, so the whole
    // calendar was refused and no slot offered.
    const everyHour = withEvents(
      "DTSTART:20200101T000000Z\r\nDTEND:20200101T001000Z\r\nRRULE:FREQ=HOURLY\r\nTRANSP:TRANSPARENT",
    );
    expect(freeWith(everyHour)).toEqual(companyOnly);
    // Ten minutes before every hour, every third hour since 2020: each slot it touches is
    // blocked, the rest offered, beside the company's own events.
    const blip = withEvents(
      "DTSTART:20200101T005000Z\r\nDTEND:20200101T010000Z\r\nRRULE:FREQ=HOURLY;INTERVAL=3",
    );
    const blocked = new Set(
      Array.from({ length: 8 }, (_, n) => `${String(n * 3).padStart(2, "0")}:30`),
    );
    const expected = Object.fromEntries(
      Object.entries(companyOnly).map(([day, times]) => [
        day,
        times.filter((time) => {
          // Madrid is UTC+1 before Sunday 28 March, UTC+2 from then on.
          const utc = `${String((Number(time.slice(0, 2)) - (day < "2027-03-28" ? 1 : 2) + 24) % 24).padStart(2, "0")}${time.slice(2)}`;
          return !blocked.has(utc);
        }),
      ]),
    );
    expect(freeWith(blip)).toEqual(expected);
    expect(Object.values(expected).flat().length).toBeLessThan(
      Object.values(companyOnly).flat().length,
    );
  });

  it("leaves out one event too costly to expand, and reads the rest", () => {
    // A COUNT counts from the first occurrence, so this rule cannot start near the span.
    const counted = withEvents(
      "DTSTART:20200101T000000Z\r\nDTEND:20200101T001000Z\r\nRRULE:FREQ=HOURLY;COUNT=1000000",
    );
    const read = busyTimes(counted, horizon(rules, now));
    expect(read.skipped).toEqual(["added-0@example.org"]);
    expect(asWallClock(freeDays(rules, read.busy, now))).toEqual(companyOnly);
  });

  it("refuses a text that is not iCalendar", () => {
    expect(() => busyTimes("<html>Sign in</html>", horizon(rules, now))).toThrow();
  });
});
