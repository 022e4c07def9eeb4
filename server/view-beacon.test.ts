import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSettings } from "#app/config/settings.server.ts";
import { openMessages, type OpenedMessages } from "#tests/support/database.ts";
import { beaconsPerClient } from "#app/stats/beacon-guard.server.ts";
import { localDay } from "#app/stats/calendar.ts";
import { startStatsService } from "#app/stats/service.server.ts";
import { createStatsStore } from "#app/stats/store.server.ts";
import { tempDatabasePath } from "#tests/support/site.ts";
import { createFastPath } from "#server/fast-path.ts";
import { viewBeaconPath } from "#server/view-beacon.ts";

// The beacon through the fast path behind a proxy trusted by hop count (TRUST_PROXY=1), into
// the real visit counts on SQLite: whose address a beacon counts against.

let server: Server;
let url: string;
let database: OpenedMessages;
let stats: ReturnType<typeof startStatsService>;
const now = () => Date.parse("2026-11-23T10:00:00Z");

beforeAll(async () => {
  database = await openMessages({ path: tempDatabasePath() });
  stats = startStatsService(
    parseSettings({ STATS: "beacon", STATS_WEEKLY_REPORT: "false", STATS_FLUSH_SECONDS: "3600" }),
    {
      database: database.database,
      pages: new Map([["/", { page: "home", lang: "es" }]]),
      log: pino({ level: "silent" }),
      now,
    },
  );
  const received: Promise<void>[] = [];
  const handle = createFastPath({
    files: new Map(),
    notFoundPages: new Map(),
    formPages: new Set(),
    dynamicPages: new Set(),
    healthCheck: async (_req, res) => void res.end(),
    trustsProxy: (_address, hop) => hop < 1,
    app: (_req, res) => void res.writeHead(500).end(),
    // The service's own beacon, kept so the test can wait until each is counted or not.
    stats: {
      document: stats.document,
      beacon: (...args) => void received.push(stats.beacon(...args)),
    },
  });
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${viewBeaconPath}`;
  settled = async () => void (await Promise.all(received));
});
let settled: () => Promise<void>;
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stats.stop();
  await database.close();
});

const beacon = (forwardedFor: string) =>
  fetch(url, {
    method: "POST",
    headers: {
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      "sec-fetch-site": "same-origin",
      "x-forwarded-for": forwardedFor,
    },
    body: JSON.stringify({ path: "/", referrer: "", speculated: false }),
  });

async function views() {
  await settled();
  await stats.flush();
  const day = localDay(now());
  const rows = await createStatsStore(database.database).range(day, day);
  return rows.filter((row) => row.metric === "view").reduce((sum, row) => sum + row.count, 0);
}

describe("the beacon's client", () => {
  it("is the forwarded address when it is one, and the proxy's when the value is made up", async () => {
    // Made-up values ("a0", "a1", …) would each be a new client with a budget of its own.
    for (let i = 0; i < beaconsPerClient.max + 10; i++) {
      expect((await beacon(`a${i}`)).status).toBe(204);
    }
    expect(await views()).toBe(beaconsPerClient.max);
    // A real forwarded address is a client of its own.
    expect((await beacon("198.51.100.7")).status).toBe(204);
    expect(await views()).toBe(beaconsPerClient.max + 1);
  });
});
