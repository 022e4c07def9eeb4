import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import proxyaddr from "proxy-addr";
import { afterEach, describe, expect, it } from "vitest";
import { createHealthCheck, isLoopback } from "#server/health.ts";

const details = {
  database: true,
  backlog: 2,
  failed: 1,
  lastDeliveryError: { at: 1, message: "connect ECONNREFUSED mail.internal:587" },
};
let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

async function start(health: () => unknown, token?: string, trustProxy = "false") {
  const lines: string[] = [];
  const log = pino({ base: undefined }, { write: (line: string) => void lines.push(line) });
  const check = createHealthCheck({
    health: health as () => typeof details,
    token,
    // What Express compiles from the TRUST_PROXY setting.
    trustsProxy: trustProxy === "false" ? () => false : proxyaddr.compile(trustProxy),
    log,
  });
  server = createServer((req, res) => void check(req, res, false));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  return { lines, get: (headers: Record<string, string> = {}) => fetch(url, { headers }) };
}

describe("/healthz", () => {
  it("gives details to a direct client on this machine", async () => {
    const { get } = await start(() => details);
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toEqual({ status: "ok", ...details });
  });

  it("gives only the status to a request that came through a proxy", async () => {
    const { get } = await start(async () => details);
    const viaProxy: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=1.2.3.4" },
    ];
    for (const headers of viaProxy) {
      const response = await get(headers);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ status: "ok" });
      expect(text).not.toContain("mail.internal");
    }
  });

  it("gives details from outside only with the configured token", async () => {
    const token = "a-token-of-some-length";
    const { get } = await start(() => details, token);
    const outside = { "x-forwarded-for": "203.0.113.9" };
    expect(await (await get({ ...outside, authorization: `Bearer ${token}` })).json()).toEqual({
      status: "ok",
      ...details,
    });
    for (const authorization of [`Bearer ${token}x`, "Bearer ", token, "Basic abc"]) {
      expect(await (await get({ ...outside, authorization })).json()).toEqual({ status: "ok" });
    }
  });

  it("asks a trusted proxy on this machine for the token, even without X-Forwarded-For", async () => {
    const token = "a-token-of-some-length";
    const { get } = await start(() => details, token, "loopback");
    expect(await (await get()).json()).toEqual({ status: "ok" });
    expect(await (await get({ authorization: `Bearer ${token}` })).json()).toEqual({
      status: "ok",
      ...details,
    });
  });

  it("answers 503 when the database is down, the check throws or rejects, and logs it", async () => {
    for (const health of [
      () => ({ ...details, database: false }),
      () => {
        throw new Error("database is locked");
      },
      () => Promise.reject(new Error("disk I/O error")),
    ]) {
      const { get, lines } = await start(health);
      const response = await get({ "x-forwarded-for": "203.0.113.9" });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
      if (lines.length) expect(lines.join("")).toContain("health check failed");
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    }
  });
});

describe("isLoopback", () => {
  it("knows loopback addresses in IPv4, IPv6 and mapped form", () => {
    for (const address of ["127.0.0.1", "127.5.6.7", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "1127.0.0.1", undefined]) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});
