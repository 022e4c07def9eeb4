import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  defaultPeriod,
  instantAt,
  latestReportSlot,
  localDay,
  weekday,
} from "#app/stats/calendar.ts";
import { retentionStart } from "#app/stats/retention.ts";

const at = (iso: string) => Date.parse(iso);

describe("the owner's days (Europe/Madrid)", () => {
  it("start at local midnight: 23:30 UTC is the next day in winter (UTC+1) and in summer (UTC+2)", () => {
    expect(localDay(at("2026-01-14T22:59:00Z"))).toBe("2026-01-14");
    expect(localDay(at("2026-01-14T23:00:00Z"))).toBe("2026-01-15");
    expect(localDay(at("2026-07-14T21:59:00Z"))).toBe("2026-07-14");
    expect(localDay(at("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
  });
  it("count days and weekdays across months, years and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-01", "2026-11-28")).toBe(28);
    expect(weekday("2026-11-23")).toBe(1);
    expect(weekday("2026-11-29")).toBe(7);
    expect(defaultPeriod(at("2026-11-23T10:00:00Z"))).toEqual({
      from: "2026-10-27",
      to: "2026-11-23",
    });
  });
  it("find the instant of a local hour on either side of a change of summer time", () => {
    // Summer time starts 29 March 2026 (02:00 → 03:00) and ends 25 October 2026 (03:00 → 02:00).
    expect(new Date(instantAt("2026-03-28", 8)).toISOString()).toBe("2026-03-28T07:00:00.000Z");
    expect(new Date(instantAt("2026-03-29", 8)).toISOString()).toBe("2026-03-29T06:00:00.000Z");
    expect(new Date(instantAt("2026-10-25", 8)).toISOString()).toBe("2026-10-25T07:00:00.000Z");
    expect(new Date(instantAt("2026-10-24", 8)).toISOString()).toBe("2026-10-24T06:00:00.000Z");
  });
});

describe("the weekly report's time: Monday 08:00 in Madrid", () => {
  it("is 07:00 UTC in winter and 06:00 UTC in summer, on the Mondays right after each change", () => {
    // The Monday after summer time ends (26 October 2026) and after it starts (29 March 2027).
    expect(latestReportSlot(at("2026-10-26T06:59:59Z")).week).toBe("2026-10-19");
    expect(latestReportSlot(at("2026-10-26T07:00:00Z"))).toEqual({
      week: "2026-10-26",
      at: at("2026-10-26T07:00:00Z"),
      from: "2026-10-19",
      to: "2026-10-25",
    });
    expect(latestReportSlot(at("2027-03-29T05:59:59Z")).week).toBe("2027-03-22");
    expect(latestReportSlot(at("2027-03-29T06:00:00Z")).at).toBe(at("2027-03-29T06:00:00Z"));
  });
  it("stays on the last Monday through the week, and covers Monday to Sunday before it", () => {
    const slot = latestReportSlot(at("2026-11-29T22:30:00Z")); // Sunday 23:30 in Madrid
    expect(slot).toMatchObject({ week: "2026-11-23", from: "2026-11-16", to: "2026-11-22" });
    // Monday 00:30 in Madrid, still before 08:00: the previous week's slot.
    expect(latestReportSlot(at("2026-11-29T23:30:00Z")).week).toBe("2026-11-23");
  });
});

describe("retention", () => {
  it("keeps 25 months: the same day 25 months back, or that month's last day", () => {
    expect(retentionStart("2026-11-23")).toBe("2024-10-23");
    expect(retentionStart("2027-05-31")).toBe("2025-04-30");
    expect(retentionStart("2026-03-29")).toBe("2024-02-29");
  });
});
