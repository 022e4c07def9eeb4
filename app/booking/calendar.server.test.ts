import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { busyTimes } from "#app/booking/busy-times.ts";
import { createCalendar, readInWorker } from "#app/booking/calendar.server.ts";

const read = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/calendar/${name}`, import.meta.url), "utf8");
const fixture = read("company.ics");
/** 40 events of half an hour every day at 09:00 UTC since 5 January 1970 (7 KB). */
const hostile = read("hostile.ics");
/** The same, each with a COUNT: the rule cannot be started near the span read. */
const counted = hostile.replaceAll("RRULE:FREQ=DAILY", "RRULE:FREQ=DAILY;COUNT=30000");
const range = {
  start: Date.parse("2027-03-22T00:00:00Z"),
  end: Date.parse("2027-04-05T00:00:00Z"),
};

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
    range: () => range,
    now: () => clock.now,
    log: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }),
  });
}

// Each reading starts a worker thread, which loads its modules afresh: generous time on a busy machine.
describe("the company's calendar", { timeout: 30_000 }, () => {
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

  it("reads a calendar in a worker thread: the main thread goes on meanwhile", async () => {
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns++;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const { busy } = await readInWorker(hostile, range, 10_000);
    reading = false;
    // Read on this thread, no turn of the event loop could have happened until it ended.
    expect(turns).toBeGreaterThan(1);
    // Every day of the two weeks, 40 times 09:00-09:30 UTC.
    expect(busy).toHaveLength(14 * 40);
    expect(new Set(busy.map((slot) => new Date(slot.start).toISOString().slice(11)))).toEqual(
      new Set(["09:00:00.000Z"]),
    );
  });

  it("expands a rule from 1970 only near the span read, and refuses a calendar past the work cap", () => {
    // About 25 occurrences an event (a week before the span, its two weeks, two days after)
    // instead of 20,000 since 1970.
    expect(busyTimes(hostile, range, { maxSteps: 40 * 30 }).busy).toHaveLength(14 * 40);
    expect(() => busyTimes(counted, range)).toThrow(/more than 50000 occurrences/);
  });

  it("keeps the last good copy when a calendar grows past the work cap", async () => {
    let text = fixture;
    const url = await calendarAt((res) => res.writeHead(200).end(text));
    const clock = { now: Date.parse("2027-03-24T11:00:00Z") };
    const calendar = calendarOf(url, clock);
    await calendar.refresh();
    const busy = calendar.busy();
    text = counted;
    await calendar.refresh();
    expect(calendar.busy()).toEqual(busy);
    expect(calendar.health().lastError?.message).toContain("occurrences to look at");
  });

  it("reads a private feed whose address holds a user and password, never showing the password", async () => {
    const authorizations: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      authorizations.push(req.headers.authorization);
      const expected = `Basic ${Buffer.from("owner:s3cr@t pass").toString("base64")}`;
      if (req.headers.authorization === expected) res.writeHead(200).end(fixture);
      else res.writeHead(401).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const port = (server.address() as AddressInfo).port;
    const clock = { now: Date.parse("2027-03-24T11:00:00Z") };
    const good = calendarOf(`http://owner:s3cr%40t%20pass@127.0.0.1:${port}/private.ics`, clock);
    await good.refresh();
    expect(good.busy()?.length).toBeGreaterThan(0);

    const lines: string[] = [];
    const wrong = calendarOf(`http://owner:wr0ng-pa55@127.0.0.1:${port}/k3y.ics`, clock, lines);
    await wrong.refresh();
    expect(authorizations).toHaveLength(2);
    const shown = JSON.stringify(wrong.health()) + lines.join("\n");
    expect(shown).toContain("HTTP 401");
    expect(shown).toContain(`127.0.0.1:${port}`);
    for (const secret of ["wr0ng-pa55", "k3y.ics"]) expect(shown).not.toContain(secret);
  });
});
