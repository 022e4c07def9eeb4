import type { AddressInfo } from "node:net";
import { DatabaseSync } from "node:sqlite";
import express from "express";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";
import {
  clientNetwork,
  createRateLimiter,
  rateLimitAddress,
} from "#app/limits/rate-limit.server.ts";
import { openMessages, type OpenedMessages } from "#tests/support/database.ts";

describe("client network", () => {
  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });
});

describe("the address a request counts as", () => {
  /** What a real Express app behind `trustProxy` makes of `X-Forwarded-For`, as server/express-app.ts reads it. */
  async function countedAs(trustProxy: string | number, forwardedFor: string) {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.get("/", (req, res) => {
      res.send(rateLimitAddress(req.ip, req.socket.remoteAddress));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-forwarded-for": forwardedFor },
      });
      return await response.text();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("is the address a trusted proxy forwards", async () => {
    expect(await countedAs("loopback", "203.0.113.9")).toBe("203.0.113.9");
    expect(await countedAs(1, "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(await countedAs(1, "2001:db8::5")).toBe("2001:db8::5");
  });

  it("falls back to the socket's address when the forwarded value is not an IP address", async () => {
    for (const [trust, header] of [
      ["loopback", "unknown"],
      ["loopback", "banana"],
      ["loopback", "203.0.113.9:4711"],
      // Two hops trusted, one proxy in front: the client's own entry is taken as it is.
      [2, "made-up-1, 127.0.0.1"],
      [2, "<script>, 127.0.0.1"],
    ] as const) {
      expect(await countedAs(trust, header), header).toBe("127.0.0.1");
    }
  });

  it("is the socket's address, or a fixed key, without a valid forwarded one", () => {
    expect(rateLimitAddress(undefined, "192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitAddress("", undefined)).toBe("unknown");
  });
});

describe(`rate limiter on ${databaseUnderTest}`, () => {
  const databases = unitTestDatabases();
  let store: OpenedMessages;
  let where: { url: string | undefined; path: string };
  /** The limiter's clock: it moves only when a test moves it. */
  let time = 1_000_000;
  afterAll(() => databases.stop());
  afterEach(() => store?.close());

  async function limiter(max: number, windowMs: number) {
    where = await databases.open();
    store = await openMessages(where);
    return createRateLimiter(store.limits, { max, windowMs, now: () => time });
  }

  it("allows max hits per window per client, then refuses with Retry-After until the window ends", async () => {
    const limit = await limiter(3, 600_000);
    const start = time;
    const first = await limit.consume("198.51.100.1");
    expect(first).toEqual({
      allowed: true,
      headers: { "RateLimit-Policy": "3;w=600", RateLimit: "limit=3, remaining=2, reset=600" },
    });
    time = start + 1000;
    await limit.consume("198.51.100.1");
    time = start + 2000;
    expect((await limit.consume("198.51.100.1")).headers["RateLimit"]).toBe(
      "limit=3, remaining=0, reset=598",
    );
    time = start + 10_000;
    const refused = await limit.consume("198.51.100.1");
    expect(refused.allowed).toBe(false);
    expect(refused.headers["Retry-After"]).toBe("590");
    expect((await limit.consume("198.51.100.2")).allowed).toBe(true);
    time = start + 600_000;
    expect((await limit.consume("198.51.100.1")).allowed).toBe(true);
  });

  it("counts every address of one IPv6 /64 together, and another /64 apart", async () => {
    const limit = await limiter(2, 600_000);
    expect((await limit.consume("2001:db8:1:2::a")).allowed).toBe(true);
    expect((await limit.consume("2001:db8:1:2:ffff::b")).allowed).toBe(true);
    expect((await limit.consume("2001:db8:1:2:1234:5678:9abc:def0")).allowed).toBe(false);
    expect((await limit.consume("2001:db8:1:3::a")).allowed).toBe(true);
  });

  it("stores a keyed hash of the client, never the address, and sweeps it when the window ends", async () => {
    const limit = await limiter(5, 1000);
    await limit.consume("192.0.2.55");
    await limit.consume("2001:db8:7:7::1");
    const table = async () =>
      where.url
        ? await databases.sql(where.url, "SELECT * FROM rate_limits")
        : readTable(where.path);
    const dump = JSON.stringify(await table());
    expect(dump).not.toContain("192.0.2.55");
    expect(dump).not.toMatch(/2001:db8/i);
    expect(JSON.parse(dump)).toHaveLength(2);
    await store.limits.sweep(time + 999, 0);
    expect(await table()).toHaveLength(2); // the window has not ended
    await store.limits.sweep(time + 1000, 0);
    expect(await table()).toEqual([]);
  });
});

/** The raw table, as someone holding the database file would see it. */
function readTable(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare("SELECT * FROM rate_limits").all();
  } finally {
    db.close();
  }
}
