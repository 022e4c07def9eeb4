import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";
import { startSmtp } from "#tests/support/smtp.ts";
import { createSender } from "#app/mail/sender.server.ts";
import { openMessages } from "#tests/support/database.ts";
import { createCounter, maxKeysPerDay, otherKey } from "#app/stats/counter.server.ts";
import { composeReport } from "#app/stats/report-mail.ts";
import { createStatsStore, type DailyCount } from "#app/stats/store.server.ts";
import { createWeeklyReport, loadReport } from "#app/stats/weekly-report.server.ts";

const log = pino({ level: "silent" });
const databases = unitTestDatabases();
afterAll(() => databases.stop());

/** Two servers' connections to one database, as two instances behind a load balancer have. */
async function twoServers() {
  const location = await databases.open();
  const first = await openMessages(location);
  const second = await openMessages(location);
  return {
    stores: [createStatsStore(first.database), createStatsStore(second.database)] as const,
    close: () => Promise.all([first.close(), second.close()]),
  };
}

const count = (
  day: string,
  metric: DailyCount["metric"],
  key: string,
  lang: string,
  n: number,
): DailyCount => ({
  day,
  metric,
  key,
  lang,
  count: n,
});

describe(`visit counts on ${databaseUnderTest}`, () => {
  it("two servers adding to the same day's rows at once add up", async () => {
    const { stores, close } = await twoServers();
    try {
      const batch = (n: number) => [
        count("2026-11-16", "view", "home", "es", n),
        count("2026-11-16", "view", "about", "en", 1),
        count("2026-11-17", "message", "", "es", 1),
      ];
      await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.add(batch(i % 3))));
      const rows = await stores[0].range("2026-11-16", "2026-11-17");
      const of = (metric: string, key: string) =>
        rows
          .filter((r) => r.metric === metric && r.key === key)
          .reduce((s, r) => s + Number(r.count), 0);
      // 20 batches of home counts 0, 1, 2, 0, 1, 2, …: 7 × 0 + 7 × 1 + 6 × 2.
      expect(of("view", "home")).toBe(19);
      expect(of("view", "about")).toBe(20);
      expect(of("message", "")).toBe(20);
      expect(await stores[0].range("2026-11-18", "2026-11-30")).toEqual([]);
    } finally {
      await close();
    }
  });

  it("purges the days before the retention start only", async () => {
    const { stores, close } = await twoServers();
    try {
      await stores[0].add([
        count("2024-10-22", "view", "home", "es", 1),
        count("2024-10-23", "view", "home", "es", 1),
      ]);
      expect(await stores[0].purgeBefore("2024-10-23")).toBe(1);
      expect((await stores[1].range("2024-01-01", "2024-12-31")).map((r) => r.day)).toEqual([
        "2024-10-23",
      ]);
    } finally {
      await close();
    }
  });

  it("a flood of one-off campaigns, sources and 404s early in the day does not push real ones into (other)", async () => {
    const { stores, close } = await twoServers();
    // 10:00 on Monday 23 November 2026 in Madrid, all day long: the cap is per day.
    const counter = createCounter(stores[0], {
      now: () => Date.parse("2026-11-23T09:00:00Z"),
      flushMs: 1000,
      log,
    });
    let junk = 0;
    const flood = (n: number) => {
      for (let i = 0; i < n; i++, junk++) {
        counter.add("campaign", `spam / - / ${junk}`);
        counter.add("source", `spam-${junk}.example`);
        counter.add("notFound", `/wp-${junk}.php`);
      }
    };
    const real = () => {
      counter.add("source", "google.es");
      counter.add("campaign", "linkedin / social / winter");
      counter.add("notFound", "/old-page");
    };
    try {
      flood(maxKeysPerDay);
      await counter.flush();
      flood(300);
      await counter.flush();
      real();
      flood(50);
      real();
      await counter.flush();
      flood(50);
      real();
      flood(1000);
      await counter.flush();
      const rows = await stores[1].range("2026-11-23", "2026-11-23");
      for (const [metric, key] of [
        ["source", "google.es"],
        ["campaign", "linkedin / social / winter"],
        ["notFound", "/old-page"],
      ] as const) {
        const ofMetric = rows.filter((row) => row.metric === metric);
        expect(ofMetric.find((row) => row.key === key)?.count, key).toBe(3);
        // The table stays within the cap, and every count is somewhere.
        expect(ofMetric.length).toBeLessThanOrEqual(maxKeysPerDay + 1);
        expect(ofMetric.reduce((sum, row) => sum + Number(row.count), 0)).toBe(junk + 3);
        expect(Number(ofMetric.find((row) => row.key === otherKey)?.count)).toBeGreaterThan(1000);
      }
    } finally {
      await close();
    }
  });

  it("two servers evicting the same keys at once lose no count and keep each its own cap", async () => {
    const { stores, close } = await twoServers();
    const counters = stores.map((store) =>
      createCounter(store, { now: () => Date.parse("2026-11-23T09:00:00Z"), flushMs: 1000, log }),
    );
    try {
      for (let round = 0; round < 4; round++) {
        for (const counter of counters)
          for (let i = 0; i < 150; i++) counter.add("notFound", `/scan/${round * 150 + i}`);
        await Promise.all(counters.map((counter) => counter.flush()));
      }
      const rows = await stores[0].range("2026-11-23", "2026-11-23");
      expect(rows.length).toBeLessThanOrEqual(2 * maxKeysPerDay + 1);
      expect(rows.reduce((sum, row) => sum + Number(row.count), 0)).toBe(2 * 4 * 150);
    } finally {
      await close();
    }
  });

  it("the weekly report reaches a real mail server once, with the figures, though two servers race for it", async () => {
    const { stores, close } = await twoServers();
    const smtp = await startSmtp();
    const senders = [0, 1].map(() =>
      createSender(smtp.url, { timeoutMs: 5000, deadlineMs: 10_000 }),
    );
    // Monday 23 November 2026, 08:00:30 in Madrid (07:00:30 UTC).
    let clock = Date.parse("2026-11-23T07:00:30Z");
    try {
      await stores[0].add([
        count("2026-11-16", "view", "home", "es", 40),
        count("2026-11-16", "entry", "home", "es", 25),
        count("2026-11-17", "source", "linkedin", "", 9),
        count("2026-11-17", "campaign", "linkedin / social / invierno", "", 9),
        count("2026-11-18", "message", "", "es", 3),
        count("2026-11-09", "entry", "home", "es", 20),
      ]);
      const reports = stores.map((store, i) =>
        createWeeklyReport(
          store,
          async (report) =>
            senders[i]!.send(
              composeReport(report, {
                siteName: "Isla Digital",
                from: "web@example.com",
                to: "owner@example.com",
              }),
            ),
          { now: () => clock, leaseMs: 60_000, log },
        ),
      );
      // Before 08:00 nothing goes out.
      clock = Date.parse("2026-11-23T06:59:00Z");
      expect(await Promise.all(reports.map((r) => r.check()))).toEqual([false, false]);
      clock = Date.parse("2026-11-23T07:00:30Z");
      // Both at once (and a second check of each while the first runs, which joins it).
      const sent = await Promise.all([...reports, ...reports].map((r) => r.check()));
      expect(sent.slice(0, 2).filter(Boolean)).toHaveLength(1);
      // A minute later, and on Wednesday, still once.
      clock += 60_000;
      expect(await Promise.all(reports.map((r) => r.check()))).toEqual([false, false]);
      clock = Date.parse("2026-11-25T09:00:00Z");
      expect(await Promise.all(reports.map((r) => r.check()))).toEqual([false, false]);
      expect(smtp.received).toHaveLength(1);

      const mail = smtp.received[0]!;
      expect(mail.envelope.to).toEqual(["owner@example.com"]);
      expect(mail.headers["subject"]).toBe(
        "Isla Digital: 25 visitas y 3 mensajes (16–22 de noviembre de 2026)",
      );
      const body = decode(mail.raw);
      expect(body).toContain("text/plain");
      expect(body).toContain("text/html");
      expect(body).toMatch(/Visitas\s+25\s+\+25 %\s+20/);
      expect(body).toContain("linkedin / social / invierno");
      expect(body).toContain("Mensajes por visita");

      // The next Monday's report is the next week's.
      clock = Date.parse("2026-11-30T07:05:00Z");
      expect((await Promise.all(reports.map((r) => r.check()))).filter(Boolean)).toHaveLength(1);
      expect(smtp.received).toHaveLength(2);
      const report = await loadReport(stores[1], { from: "2026-11-23", to: "2026-11-29" });
      expect(report.totals.visits.previous).toBe(25);
    } finally {
      senders.forEach((sender) => sender.close());
      await smtp.close();
      await close();
    }
  });

  it("a failed send is tried again after a pause, by any server", async () => {
    const { stores, close } = await twoServers();
    let clock = Date.parse("2026-11-23T07:00:30Z");
    let fail = true;
    const sent: string[] = [];
    try {
      const reports = stores.map((store) =>
        createWeeklyReport(
          store,
          async (report) => {
            if (fail) throw new Error("mail server down");
            sent.push(report.from);
          },
          { now: () => clock, leaseMs: 60_000, log },
        ),
      );
      expect(await reports[0]!.check()).toBe(false);
      fail = false;
      expect(await reports[1]!.check()).toBe(false);
      clock += 16 * 60_000;
      expect(await reports[1]!.check()).toBe(true);
      expect(sent).toEqual(["2026-11-16"]);
    } finally {
      await close();
    }
  });
});

/** The raw message with quoted-printable undone, to read both parts' text. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split("=")
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString("utf8"),
  );
}
