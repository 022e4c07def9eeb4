import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../tests/support/postgres";
import { clientNetwork, createRateLimiter } from "./rate-limit.server";
import { openStore, type MessageStore } from "./store.server";

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

describe.each(["sqlite", "postgres"] as const)("rate limiter on %s", (kind) => {
  let postgres: Postgres | undefined;
  let store: MessageStore;
  let where: string;
  beforeAll(async () => {
    if (kind === "postgres") postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());
  afterEach(() => store?.close());

  async function limiter(max: number, windowMs: number) {
    const url = postgres ? await postgres.createDatabase() : undefined;
    where = url ?? path.join(mkdtempSync(path.join(tmpdir(), "limit-")), "site.db");
    store = await openStore({ url, path: where });
    return createRateLimiter(store, { max, windowMs });
  }

  it("allows max hits per window per client, then refuses with Retry-After until the window ends", async () => {
    const limit = await limiter(3, 600_000);
    const t = 1_000_000;
    const first = await limit.consume("198.51.100.1", t);
    expect(first).toEqual({
      allowed: true,
      headers: { "RateLimit-Policy": "3;w=600", RateLimit: "limit=3, remaining=2, reset=600" },
    });
    await limit.consume("198.51.100.1", t + 1000);
    expect((await limit.consume("198.51.100.1", t + 2000)).headers["RateLimit"]).toBe(
      "limit=3, remaining=0, reset=598",
    );
    const refused = await limit.consume("198.51.100.1", t + 10_000);
    expect(refused.allowed).toBe(false);
    expect(refused.headers["Retry-After"]).toBe("590");
    expect((await limit.consume("198.51.100.2", t + 10_000)).allowed).toBe(true);
    expect((await limit.consume("198.51.100.1", t + 600_000)).allowed).toBe(true);
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
    await limit.consume("192.0.2.55", 5000);
    await limit.consume("2001:db8:7:7::1", 5000);
    const dump = JSON.stringify(
      kind === "postgres"
        ? await postgres!.sql(where, "SELECT * FROM rate_limits")
        : readTable(where),
    );
    expect(dump).not.toContain("192.0.2.55");
    expect(dump).not.toMatch(/2001:db8/i);
    expect(JSON.parse(dump)).toHaveLength(2);
    await store.sweep(6001, 0);
    const left =
      kind === "postgres"
        ? await postgres!.sql(where, "SELECT * FROM rate_limits")
        : readTable(where);
    expect(left).toEqual([]);
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
