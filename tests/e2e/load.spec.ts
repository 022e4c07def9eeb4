import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import autocannon from "autocannon";
import { productionNodeOptions, startSite } from "#tests/support/site.ts";

// Bounded load and soak on 127.0.0.1: pages and form posts from 100 connections, counted in
// requests, not seconds, so a busy machine does the same work, only slower.
// LOAD_REQUESTS sets the measured part (npm run test:stress sends ten times as many).
const requestCount = Number(process.env.LOAD_REQUESTS ?? 15_000);
const warmUpRequests = 20_000;
// Every request, the warm-up's included, at 200 a second: eight times slower than a busy
// 2-core machine (1,700 a second), plus the server's start.
test.setTimeout(((warmUpRequests + requestCount) / 200 + 20) * 1000);

const rssMegabytes = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;

test(`${requestCount.toLocaleString("en")} requests from 100 connections: no errors but the expected 429s, memory stable`, async () => {
  // With production's heap sizing: memory is measured as it will be run.
  const site = await startSite({ LOG_LEVEL: "warn", NODE_OPTIONS: productionNodeOptions });
  try {
    const form = new URLSearchParams({
      name: "Carga",
      email: "carga@example.com",
      message: "Prueba",
      elapsed: "9000",
    });
    const requests: autocannon.Request[] = [
      { method: "GET", path: "/" },
      { method: "GET", path: "/en/services" },
      { method: "GET", path: "/ca/contact" },
      { method: "GET", path: "/en/no-such-page" },
      {
        method: "POST",
        path: "/contact",
        headers: {
          origin: site.url,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: form.toString(),
      },
    ];
    // Warm up with the same mix until the heap has grown near its working size, then take the
    // starting footprint: growth after that is what a leak would look like. Measured here, the
    // server's memory grows by 20 MB in its first 20,000 requests, 4 MB in the next 15,000 and
    // then levels off (after about 50,000), however fast they come.
    await autocannon({ url: site.url, connections: 100, amount: warmUpRequests, requests });
    const rssStart = rssMegabytes(site.pid);
    const statuses = new Map<number, number>();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: site.url, connections: 100, amount: requestCount, requests },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on("response", (_client, status) =>
        statuses.set(status, (statuses.get(status) ?? 0) + 1),
      );
    });
    const rssEnd = rssMegabytes(site.pid);
    console.log(
      `load: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, RSS ${rssStart.toFixed(0)} MB -> ${rssEnd.toFixed(0)} MB`,
    );
    expect(result.errors + result.timeouts).toBe(0);
    // Pages (200), the unknown URL (404), and posts past the rate limit (429): nothing else.
    expect([...statuses.keys()].sort()).toEqual([200, 404, 429]);
    expect(rssEnd - rssStart).toBeLessThan(64);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  } finally {
    await site.stop();
  }
});
