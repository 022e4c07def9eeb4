import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFile, loadBuiltFiles } from "#server/built-files.ts";
import { createFastPath } from "#server/fast-path.ts";

// The fast path over a small build on disk, behind a real HTTP server. What it hands on
// (form posts, page data, pages rendered per request) goes to a stand-in for the Express
// app that only says it was reached: these tests are about what never gets that far.

const pages = ["/", "/about", "/contact"];
let server: Server;
let port: number;
const reachedApp: string[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fast-path-"));
  for (const page of pages) {
    mkdirSync(path.join(dir, page), { recursive: true });
    writeFileSync(path.join(dir, page, "index.html"), `<!doctype html><p>${page}</p>`);
  }
  mkdirSync(path.join(dir, ".well-known"));
  mkdirSync(path.join(dir, "insights"));
  for (const [file, text] of [
    ["robots.txt", "User-agent: *"],
    ["sitemap.xml", "<urlset/>"],
    ["manifest.webmanifest", "{}"],
    [".well-known/security.txt", "Contact: mailto:a@example.es"],
    ["insights/feed.xml", "<feed/>"],
  ]) {
    writeFileSync(path.join(dir, file ?? ""), text ?? "");
  }
  const notFound = builtFile(Buffer.from("<!doctype html><p>404</p>"), {
    type: "text/html; charset=utf-8",
    cache: "no-cache",
  });
  const handle = createFastPath({
    files: loadBuiltFiles(dir, pages),
    notFoundPages: new Map([["es", notFound]]),
    formPages: new Set(["/contact"]),
    prefilledPages: new Set(["/contact"]),
    dynamicPages: new Set(["/contact/sent"]),
    healthCheck: async (_req, res) => void res.writeHead(200).end("ok"),
    trustsProxy: () => false,
    app: (req, res) => {
      reachedApp.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "text/plain" }).end("app");
    },
  });
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends `text` as is and reads the answer until the server closes the connection. */
function raw(text: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
    socket.write(text);
  });
}

const get = (target: string, hosts: string[]) =>
  raw(
    `GET ${target} HTTP/1.1\r\n${hosts.map((host) => `${host}\r\n`).join("")}Connection: close\r\n\r\n`,
  );

describe("Host", () => {
  it.each([
    ["/about", ["Host: localhost", "Host: evil.example"]],
    ["/about", ["Host: localhost", "host: localhost"]],
    ["/robots.txt", ["HOST: localhost", "Host: localhost:80"]],
    ["/contact/sent", ["Host: localhost", "Host: evil.example"]],
    ["/no-such-page", ["Host: a", "Host: b", "Host: c"]],
  ])("more than one Host line (%s, %j) gets 400 (RFC 9112 §3.2)", async (target, hosts) => {
    reachedApp.length = 0;
    const answer = await get(target, hosts);
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(answer.body).toContain("Bad Request");
    expect(reachedApp).toEqual([]);
  });

  it("one Host line is served", async () => {
    expect((await get("/about", ["Host: localhost"])).status).toBe(200);
  });
});

describe("React Router data URLs", () => {
  it.each([
    "/sitemap.xml.data",
    "/robots.txt.data",
    "/manifest.webmanifest.data",
    "/.well-known/security.txt.data",
    "/insights/feed.xml.data",
    "/no-such-page.data",
  ])("%s is not a page: 404 from the fast path, never rendered", async (target) => {
    reachedApp.length = 0;
    for (const method of ["GET", "HEAD"]) {
      const response = await fetch(`http://127.0.0.1:${port}${target}`, { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(reachedApp).toEqual([]);
  });

  it.each(["/about.data", "/_root.data", "/contact.data", "/contact/sent.data"])(
    "%s is a page's data: handed to React Router",
    async (target) => {
      reachedApp.length = 0;
      const response = await fetch(`http://127.0.0.1:${port}${target}`);
      expect(await response.text()).toBe("app");
      expect(reachedApp).toEqual([target]);
    },
  );
});

describe("a prefilled contact form", () => {
  it("is rendered per request with ?message=, served prerendered without it", async () => {
    reachedApp.length = 0;
    const target = "/contact?message=%C2%BFHac%C3%A9is%20formaci%C3%B3n%3F";
    expect(await (await fetch(`http://127.0.0.1:${port}${target}`)).text()).toBe("app");
    expect(reachedApp).toEqual([target]);
    reachedApp.length = 0;
    for (const other of ["/contact", "/contact?utm_source=x", "/about?message=x"]) {
      const body = await (await fetch(`http://127.0.0.1:${port}${other}`)).text();
      expect(body, other).toContain("<p>/");
    }
    expect(reachedApp).toEqual([]);
  });
});
