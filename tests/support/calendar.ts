import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ical from "node-ical";

/** The booking clock of the fixtures: the Wednesday before the clocks go forward (28 March 2027). */
const fixturesNow = "2027-03-24T11:55:00+01:00";

/**
 * The company's calendars as their providers publish them: a local HTTP server on 127.0.0.1
 * serving the ICS fixtures (tests/fixtures/calendar/), or refusing every request with 503.
 */
export async function startCalendarServer({ failing = false } = {}) {
  const server: Server = createServer((req, res) => {
    const name = (req.url ?? "").replace(/^\/+/, "");
    if (failing || !/^[\w-]+\.ics$/.test(name)) {
      res.writeHead(failing ? 503 : 404).end();
      return;
    }
    try {
      const text = readFileSync(new URL(`../fixtures/calendar/${name}`, import.meta.url));
      res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(text);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    /**
     * A site's booking settings on both fixtures (the company's calendar and one in another
     * zone), its clock in the fixtures' week (`fixturesNow`).
     */
    settings: {
      BOOKING_CALENDAR_URL: `${base}/company.ics ${base}/other-zone.ics`,
      BOOKING_NOW: fixturesNow,
    },
    /** The address of one fixture (tests/fixtures/calendar/<name>). */
    url: (name: string) => `${base}/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The iCalendar part of a received e-mail (nodemailer's icalEvent), decoded. */
function calendarPart(raw: string): string {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  const part = parts.find((chunk) => /^content-type:\s*text\/calendar/im.test(chunk));
  if (!part) throw new Error("no text/calendar part in the e-mail");
  const split = part.indexOf("\r\n\r\n");
  const head = part.slice(0, split);
  const body = part.slice(split + 4).replace(/\r\n--[^\r\n]*--\s*$/, "");
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    return Buffer.from(
      body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body;
}

/** The invitation of an e-mail read by a second iCalendar library (node-ical). */
export function readInvitation(raw: string) {
  const text = calendarPart(raw);
  const parsed = ical.sync.parseICS(text);
  const event = Object.values(parsed).find((item) => item?.type === "VEVENT");
  if (!event || event.type !== "VEVENT") throw new Error("no VEVENT in the invitation");
  const method = /^METHOD:(\w+)/m.exec(text)?.[1];
  return { method, event, text };
}
