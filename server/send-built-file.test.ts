import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuiltFiles } from "#server/built-files.ts";
import { sendBuiltFile } from "#server/send-built-file.ts";
import { speculationRules } from "#server/speculation-rules.ts";

const html = "<!doctype html><style>p{color:red}</style><p>Hola</p><script>1</script>";
const built = new Date("2026-11-15T10:00:00.750Z");
let server: Server;
let port: number;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
  mkdirSync(path.join(dir, "about"));
  writeFileSync(path.join(dir, "about/index.html"), html);
  writeFileSync(path.join(dir, "about/index.html.br"), brotliCompressSync(html));
  writeFileSync(path.join(dir, "about/index.html.gz"), gzipSync(html));
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *");
  // A known modification time, with milliseconds that Last-Modified cannot carry.
  utimesSync(path.join(dir, "robots.txt"), built, built);
  const files = loadBuiltFiles(dir, ["/about"]);
  server = createServer((req, res) => {
    const file = files.get(req.url ?? "/");
    if (file) sendBuiltFile(req, res, file, { https: false });
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("encoding negotiation", () => {
  it.each([
    [undefined, undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["*", "br"],
    ["br;q=0, *", "gzip"],
    ["gzip;q=0, br;q=0", undefined],
    ["identity", undefined],
    ["identity;q=1, gzip;q=0.5", undefined],
    ["", undefined],
  ])("Accept-Encoding %j gets %s", async (accept, expected) => {
    const response = await get("/about", accept === undefined ? {} : { "accept-encoding": accept });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(expected);
    expect(response.headers["vary"]).toBe("Accept-Encoding");
    if (!expected) expect(response.body.toString()).toBe(html);
  });
});

describe("conditional requests", () => {
  it("answers 304 to its own validator, in a list, weak, or `*`", async () => {
    const first = await get("/about", { "accept-encoding": "br" });
    const etag = first.headers["etag"] as string;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    for (const condition of [etag, `"other", ${etag}`, `W/${etag}`, `"a",W/${etag} , "b"`, "*"]) {
      const again = await get("/about", { "accept-encoding": "br", "if-none-match": condition });
      expect(again.status, condition).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers["etag"]).toBe(etag);
    }
  });

  it("answers 200 when the validator belongs to another representation or file", async () => {
    const gz = (await get("/about", { "accept-encoding": "gzip" })).headers["etag"] as string;
    const again = await get("/about", { "accept-encoding": "br", "if-none-match": gz });
    expect(again.status).toBe(200);
    expect(again.headers["content-encoding"]).toBe("br");
    const other = await get("/robots.txt", { "if-none-match": '"nope", W/"also-nope"' });
    expect(other.status).toBe(200);
    expect(other.body.toString()).toBe("User-agent: *");
  });
});

describe("If-Match and If-Unmodified-Since", () => {
  it("a built file carries its modification time, in whole seconds, as Last-Modified", async () => {
    const robots = await get("/robots.txt");
    expect(robots.headers["last-modified"]).toBe("Sun, 15 Nov 2026 10:00:00 GMT");
  });

  it("answers 412 to an If-Match naming another or a weak validator, 200 to its own or `*`", async () => {
    const first = await get("/about", { "accept-encoding": "br" });
    const etag = first.headers["etag"] as string;
    for (const condition of ['"nope"', `W/${etag}`, `"a", "b"`]) {
      const answer = await get("/about", { "accept-encoding": "br", "if-match": condition });
      expect(answer.status, condition).toBe(412);
      expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.body.toString()).toBe("Precondition Failed");
    }
    for (const condition of [etag, `"a", ${etag}`, "*"]) {
      const answer = await get("/about", { "accept-encoding": "br", "if-match": condition });
      expect(answer.status, condition).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
    }
  });

  it("answers 412 to an If-Unmodified-Since before the modification time, 200 from it on", async () => {
    const before = await get("/robots.txt", {
      "if-unmodified-since": "Sun, 15 Nov 2026 09:59:59 GMT",
    });
    expect(before.status).toBe(412);
    for (const date of ["Sun, 15 Nov 2026 10:00:00 GMT", "Mon, 16 Nov 2026 10:00:00 GMT"]) {
      const answer = await get("/robots.txt", { "if-unmodified-since": date });
      expect(answer.status, date).toBe(200);
      expect(answer.body.toString()).toBe("User-agent: *");
    }
    // Not an HTTP-date: ignored, as RFC 9110 §13.1.4 requires.
    const invalid = await get("/robots.txt", { "if-unmodified-since": "1970-01-01" });
    expect(invalid.status).toBe(200);
    // If-Match decides alone when both are sent.
    const etag = (await get("/robots.txt")).headers["etag"] as string;
    const both = await get("/robots.txt", {
      "if-match": etag,
      "if-unmodified-since": "Thu, 01 Jan 1970 00:00:00 GMT",
    });
    expect(both.status).toBe(200);
  });

  it("If-Modified-Since without If-None-Match answers 304 from the modification time on", async () => {
    const same = await get("/robots.txt", { "if-modified-since": "Sun, 15 Nov 2026 10:00:00 GMT" });
    expect(same.status).toBe(304);
    const older = await get("/robots.txt", {
      "if-modified-since": "Sun, 15 Nov 2026 09:59:59 GMT",
    });
    expect(older.status).toBe(200);
  });
});

describe("security headers of built files", () => {
  it("allow exactly the page's inline script and stylesheet", async () => {
    const csp = (await get("/about")).headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'none'");
    const scriptHash = `'sha256-${createHash("sha256").update("1").digest("base64")}'`;
    expect(csp).toContain(`script-src 'self' ${scriptHash} ${speculationRules.hash};`);
    expect(csp).toMatch(/style-src 'self' 'sha256-[\w+/=]{44}'(;|$)/);
    expect(csp).not.toContain("unsafe-inline");
    const robots = await get("/robots.txt");
    expect(robots.headers["x-content-type-options"]).toBe("nosniff");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
  });
});
