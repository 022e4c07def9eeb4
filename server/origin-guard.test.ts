import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { originGuard } from "#server/origin-guard.ts";

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** An app with the guard in front of an action that answers 200, behind `trustProxy`. */
async function start(trustProxy: false | number | string) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.post(/.*/, originGuard, (_req, res) => void res.send("stored"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  // node:http rather than fetch, which would not send a Host header of the test's choosing.
  return (headers: Record<string, string>, path = "/en/contact") =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, method: "POST", headers }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.end("a=b");
    });
}

const proxied = {
  // What nginx sends with `proxy_set_header Host $host` left at its default: the upstream.
  host: "127.0.0.1:3000",
  "x-forwarded-host": "www.example.com",
  "x-forwarded-proto": "https",
  origin: "https://www.example.com",
};

describe("the origin guard", () => {
  it("behind a trusted proxy compares with the forwarded host and protocol", async () => {
    const post = await start("loopback");
    expect((await post(proxied)).status).toBe(200);
    const foreign = await post({ ...proxied, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toBe("stored");
    expect((await post({ ...proxied, origin: "http://www.example.com" })).status).toBe(403);
    // nginx's `X-Forwarded-Host $host:$server_port` (deploy/nginx.conf).
    const withPort = { ...proxied, "x-forwarded-host": "www.example.com:443" };
    expect((await post(withPort)).status).toBe(200);
    const otherPort = { ...proxied, "x-forwarded-host": "www.example.com:8443" };
    expect((await post(otherPort)).status).toBe(403);
    expect((await post({ ...otherPort, origin: "https://www.example.com:8443" })).status).toBe(200);
    expect((await post({ ...proxied, origin: "null" })).status).toBe(403);
  });

  it("without a trusted proxy ignores forwarded headers and compares with the raw Host", async () => {
    for (const trust of [false, "10.0.0.0/8"] as const) {
      const post = await start(trust);
      expect((await post(proxied)).status, String(trust)).toBe(403);
      const direct = { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" };
      expect((await post(direct)).status).toBe(200);
      expect(
        (
          await post({
            ...direct,
            "x-forwarded-host": "evil.example",
            origin: "http://evil.example",
          })
        ).status,
      ).toBe(403);
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    }
  });

  it("answers in the visitor's language and lets requests without Origin through", async () => {
    const post = await start(false);
    const refused = await post({ origin: "https://evil.example" }, "/en/contact");
    expect(refused.text).toMatch(/[A-Za-z]/);
    const spanish = await post({ origin: "https://evil.example" }, "/contact");
    expect(spanish.text).not.toBe(refused.text);
    expect((await post({})).status).toBe(200);
  });

  it("refuses a post without Origin that the browser says comes from another site", async () => {
    const post = await start(false);
    for (const site of ["cross-site", "same-site", "Cross-Site"]) {
      expect((await post({ "sec-fetch-site": site })).status, site).toBe(403);
    }
    for (const site of ["same-origin", "none"]) {
      expect((await post({ "sec-fetch-site": site })).status, site).toBe(200);
    }
  });
});
