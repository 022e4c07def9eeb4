import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { tempDatabasePath } from "#tests/support/site.ts";
import { parseSettings } from "#app/config/settings.server.ts";
import { openMessages } from "#tests/support/database.ts";
import { beaconsPerClient, speculatedWindowMs } from "#app/stats/beacon-guard.server.ts";
import { localDay } from "#app/stats/calendar.ts";
import { startStatsService, type PageIndex } from "#app/stats/service.server.ts";
import { createStatsStore } from "#app/stats/store.server.ts";

// The beacon on a real SQLite database, with the service's clock in the test's hands.

const pages: PageIndex = new Map([
  ["/", { page: "home", lang: "es" }],
  ["/en/services", { page: "services", lang: "en" }],
  ["/en/about", { page: "about", lang: "en" }],
]);
const browser = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "sec-fetch-site": "same-origin",
};
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function service(mode: "server" | "beacon") {
  const database = await openMessages({ path: tempDatabasePath() });
  let clock = Date.parse("2026-11-23T10:00:00Z");
  const stats = startStatsService(
    parseSettings({ STATS: mode, STATS_WEEKLY_REPORT: "false", STATS_FLUSH_SECONDS: "3600" }),
    { database: database.database, pages, log: pino({ level: "silent" }), now: () => clock },
  );
  stops.push(async () => {
    await stats.stop();
    await database.close();
  });
  return {
    beacon: (from: string, body: { path: string; referrer?: string; speculated: boolean }) =>
      stats.beacon(JSON.stringify({ referrer: "", ...body }), browser, from),
    advance: (ms: number) => (clock += ms),
    /** The day's totals, written first: `{ "metric key": count }`. */
    async counts() {
      await stats.flush();
      const day = localDay(clock);
      const rows = await createStatsStore(database.database).range(day, day);
      return Object.fromEntries(rows.map((row) => [`${row.metric} ${row.key}`, row.count]));
    },
  };
}

describe("the view beacon", () => {
  // The probe's figure; tens of thousands of beacons take a few seconds on a busy machine.
  it(
    "a client posting the same speculated beacon 27,517 times in 3 s counts one view, visit, source and device",
    { timeout: 60_000 },
    async () => {
      const { beacon, advance, counts } = await service("server");
      for (let i = 0; i < 27_517; i++) {
        await beacon("203.0.113.9", {
          path: "/",
          referrer: "https://www.google.es/",
          speculated: true,
        });
        if (i % 10_000 === 0) advance(1000);
      }
      expect(await counts()).toEqual({
        "view home": 1,
        "entry home": 1,
        "source google.es": 1,
        "device desktop": 1,
      });
    },
  );

  it("a speculated page counts once per client and path in the window, again after it", async () => {
    const { beacon, advance, counts } = await service("server");
    const speculated = (from: string, path: string) => beacon(from, { path, speculated: true });
    await speculated("203.0.113.9", "/en/services");
    await speculated("203.0.113.9", "/en/services?utm_source=again");
    await speculated("203.0.113.9", "/en/about"); // another page
    await speculated("198.51.100.4", "/en/services"); // another client
    // One IPv6 /64 is one client, whatever the rest of the address.
    await speculated("2001:db8:5:6::1", "/en/services");
    await speculated("2001:db8:5:6:ffff::2", "/en/services");
    advance(speculatedWindowMs - 1);
    await speculated("203.0.113.9", "/en/services");
    expect((await counts())["view services"]).toBe(3);
    advance(1);
    await speculated("203.0.113.9", "/en/services");
    expect((await counts())["view services"]).toBe(4);
  });

  it("counts at most a client's budget of beacons per window, others' too, and the next window's", async () => {
    const { beacon, advance, counts } = await service("beacon");
    const views = (from: string, n: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          beacon(from, { path: [...pages.keys()][i % 3]!, speculated: false }),
        ),
      );
    const total = async () =>
      Object.entries(await counts())
        .filter(([key]) => key.startsWith("view "))
        .reduce((sum, [, n]) => sum + n, 0);
    await views("203.0.113.9", 500);
    expect(await total()).toBe(beaconsPerClient.max);
    await views("198.51.100.4", 2);
    expect(await total()).toBe(beaconsPerClient.max + 2);
    advance(beaconsPerClient.windowMs);
    await views("203.0.113.9", 1);
    expect(await total()).toBe(beaconsPerClient.max + 3);
  });
});
