import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createCalendar } from "#app/booking/calendar.server.ts";

const fixture = readFileSync(
  new URL("../../tests/fixtures/calendar/company.ics", import.meta.url),
  "utf8",
);

/** A calendar address whose answer the test decides, request by request. */
async function calendarAt(answer: (res: ServerResponse) => void) {
  const server: Server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/private.ics`;
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/**
 * A good reading must not depend on the machine's speed: its timeout is generous, and only the
 * test of a calendar that never finishes answering sets a short one.
 */
function calendarOf(url: string, clock: { now: number }, lines: string[] = [], timeoutMs = 10_000) {
  return createCalendar({
    urls: [url],
    refreshMs: 60_000,
    timeoutMs,
    maxBytes: 64 * 1024,
    maxAgeMs: 3600_000,
    range: () => ({
      start: Date.parse("2027-03-22T00:00:00Z"),
      end: Date.parse("2027-04-05T00:00:00Z"),
    }),
    now: () => clock.now,
    log: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }),
  });
}

describe("the company's calendar", () => {
  it("keeps the last good copy when a reading fails, and goes stale past the maximum age", async () => {
    let up = true;
    const url = await calendarAt((res) => {
      if (up) res.writeHead(200, { "Content-Type": "text/calendar" }).end(fixture);
      else res.writeHead(500).end();
    });
    const clock = { now: Date.parse("2027-03-24T11:00:00Z") };
    const lines: string[] = [];
    const calendar = calendarOf(url, clock, lines);
    await calendar.refresh();
    const busy = calendar.busy();
    expect(busy?.length).toBeGreaterThan(0);

    up = false;
    clock.now += 30 * 60_000;
    await calendar.refresh();
    // Half an hour later, unreadable: the last good copy still answers.
    expect(calendar.busy()).toEqual(busy);
    expect(calendar.health()).toMatchObject({ stale: false, ageSeconds: 1800 });
    expect(calendar.health().lastError?.message).toContain("HTTP 500");

    clock.now += 31 * 60_000;
    await calendar.refresh();
    // Past the maximum age: no busy times known, so no slot may be offered.
    expect(calendar.busy()).toBeUndefined();
    expect(calendar.health()).toMatchObject({ stale: true });
    expect(lines.join("\n")).toContain("BOOKING CALENDAR STALE");

    up = true;
    await calendar.refresh();
    expect(calendar.busy()).toEqual(busy);
    expect(lines.join("\n")).toContain("booking calendar readable again");
  });

  it("is stale until a first good copy, and refuses a calendar too large or too slow", async () => {
    const clock = { now: Date.parse("2027-03-24T11:00:00Z") };
    const large = calendarOf(
      await calendarAt((res) => res.writeHead(200).end("X".repeat(100 * 1024))),
      clock,
    );
    await large.refresh();
    expect(large.busy()).toBeUndefined();
    expect(large.health().lastError?.message).toContain("larger than 65536 bytes");

    // Headers sent, then silence: the reading is cut at its timeout.
    const slow = calendarOf(
      await calendarAt((res) => {
        res.writeHead(200);
        res.write("BEGIN:VCALENDAR\r\n");
      }),
      clock,
      [],
      300,
    );
    await slow.refresh();
    expect(slow.busy()).toBeUndefined();
    expect(slow.health().lastError?.message).toMatch(/abort|timeout/i);

    const notCalendar = calendarOf(
      await calendarAt((res) => res.writeHead(200).end("<html>Sign in</html>")),
      clock,
    );
    await notCalendar.refresh();
    expect(notCalendar.health()).toMatchObject({ stale: true, ageSeconds: null });
  });
});
