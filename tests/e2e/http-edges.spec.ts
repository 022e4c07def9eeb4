import { readdirSync } from "node:fs";
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import { startNginx } from "#tests/support/nginx.ts";
import { eventually, readMessages, startSite, type Site } from "#tests/support/site.ts";
import { expect, test } from "#tests/e2e/support.ts";

// Requests a browser never sends, straight to the production server and through nginx with
// deploy/nginx.conf: each gets a clear 4xx with the security headers, never a 500, a stack
// trace or an error-level log line. The server's own timeouts are short here so a slow
// client is cut off within the test.

let site: Site;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const requestTimeoutSeconds = 2;

test.beforeAll(async () => {
  site = await startSite({
    TRUST_PROXY: "127.0.0.1",
    REQUEST_TIMEOUT_SECONDS: String(requestTimeoutSeconds),
    HEADERS_TIMEOUT_SECONDS: String(requestTimeoutSeconds),
    CONTACT_MIN_FILL_SECONDS: "0",
  });
  nginx = await startNginx(site.port);
});
test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});
test.afterEach(() => {
  // pino's error level is 50 (fatal 60): none of these requests is the server's fault.
  const errors = site
    .output()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line));
  expect(errors).toEqual([]);
  expect(site.output()).not.toMatch(/\n\s+at /);
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Sends `text` as is over a new connection and reads the answer until the server closes it. */
function raw(text: string, { via = "app" }: { via?: "app" | "nginx" } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket: Socket =
      via === "app"
        ? connectTcp(site.port, "127.0.0.1")
        : connectTls({
            host: "127.0.0.1",
            port: nginx.ports.https,
            servername: "localhost",
            ca: nginx.certificate,
          });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parse(received)));
    socket.write(text);
  });
}

function parse(text: string): Answer {
  const [head = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

/** A request without Host is allowed in HTTP/1.0 only; `host: null` leaves it out. */
function request(
  method: string,
  target: string,
  {
    host = "localhost",
    version = "1.1",
    body,
  }: { host?: string | null; version?: string; body?: string } = {},
) {
  const lines = [`${method} ${target} HTTP/${version}`, "Connection: close"];
  if (host !== null) lines.push(`Host: ${host}`);
  if (body !== undefined) {
    lines.push("Content-Type: application/x-www-form-urlencoded");
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n${body ?? ""}`;
}

function expectPlainSecured(answer: Answer, label: string) {
  expect(answer.headers["x-content-type-options"], label).toBe("nosniff");
  expect(answer.headers["content-security-policy"], label).toMatch(/^default-src 'none'/);
  expect(answer.body, label).not.toMatch(/Error|\bat /);
}

const message = new URLSearchParams({
  name: "Sonda",
  email: "sonda@example.es",
  message: "Una prueba de métodos",
  elapsed: "9000",
}).toString();

test("a missing or malformed Host gets 400, not a crash", async () => {
  const dynamic = [
    ["GET", "/contact/sent", undefined],
    ["POST", "/api/contact", message],
    ["POST", "/en/contact", message],
  ] as const;
  for (const [method, target, body] of dynamic) {
    for (const host of ["[", "a%zz", "a b", null]) {
      const label = `${method} ${target} Host ${host}`;
      const version = host === null ? "1.0" : "1.1";
      const answer = await raw(request(method, target, { host, version, body }));
      expect(answer.status, label).toBe(400);
      expectPlainSecured(answer, label);
      // nginx refuses what it cannot read and names itself as the host of a request without one.
      const proxied = await raw(request(method, target, { host, version, body }), { via: "nginx" });
      expect(proxied.status, `${label} via nginx`).toBeLessThan(500);
    }
  }
  // A forwarded host counts only from a trusted proxy, and must be a host too.
  const forwarded = await raw(
    request("GET", "/contact/sent").replace("Host:", "X-Forwarded-Host: [\r\nHost:"),
  );
  expect(forwarded.status).toBe(400);
  // A proxy that forwards the host without its port (its own default one) while Host names
  // the server's: the post is the visitor's, on the forwarded origin, and is accepted (it
  // was refused with 400 when the request URL took the port of Host).
  const portless = await raw(
    request("POST", "/en/contact", { host: `localhost:${site.port}`, body: message }).replace(
      "Host:",
      "X-Forwarded-Host: localhost\r\nOrigin: http://localhost\r\nHost:",
    ),
  );
  expect(portless.status).toBe(303);
});

test("a request with two Host lines gets 400, whichever it would reach", async () => {
  for (const [method, target, body] of [
    ["GET", "/", undefined],
    ["GET", "/robots.txt", undefined],
    ["GET", "/contact/sent", undefined],
    ["POST", "/api/contact", message],
  ] as const) {
    const label = `${method} ${target}`;
    const text = request(method, target, { body }).replace(
      "Host: localhost",
      "Host: localhost\r\nHost: evil.example",
    );
    const answer = await raw(text);
    expect(answer.status, label).toBe(400);
    expectPlainSecured(answer, label);
    // nginx refuses it too ("client sent duplicate host header").
    expect((await raw(text, { via: "nginx" })).status, `${label} via nginx`).toBe(400);
  }
  expect((await raw(request("GET", "/robots.txt"))).status).toBe(200);
});

test("a failed If-Match or If-Unmodified-Since on a built file gets 412", async () => {
  for (const path of ["/", "/en/about", "/robots.txt", "/insights/feed.xml"]) {
    const first = await fetch(`${site.url}${path}`, { headers: { "accept-encoding": "br" } });
    expect(first.status, path).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag, path).toMatch(/^"[\w-]+"$/);
    const modified = Date.parse(lastModified);
    expect(modified, path).toBeLessThanOrEqual(Date.now());
    const get = (headers: Record<string, string>) =>
      fetch(`${site.url}${path}`, { headers: { "accept-encoding": "br", ...headers } });

    for (const headers of [
      { "if-match": '"not-this-one"' } as Record<string, string>,
      { "if-match": `W/${etag}` },
      { "if-unmodified-since": new Date(modified - 1000).toUTCString() },
    ]) {
      const answer = await get(headers);
      const label = `${path} ${JSON.stringify(headers)}`;
      expect(answer.status, label).toBe(412);
      expect(answer.headers.get("x-content-type-options"), label).toBe("nosniff");
      expect(answer.headers.get("content-security-policy"), label).toMatch(/^default-src 'none'/);
      expect(await answer.text(), label).toBe("Precondition Failed");
    }
    for (const headers of [
      { "if-match": etag } as Record<string, string>,
      { "if-match": "*" },
      { "if-unmodified-since": lastModified },
      // Not an HTTP-date: ignored.
      { "if-unmodified-since": "1970-01-01" },
    ]) {
      expect((await get(headers)).status, `${path} ${JSON.stringify(headers)}`).toBe(200);
    }
  }
  // The 404 page's answer is no 2xx, so its preconditions are ignored.
  const missing = await fetch(`${site.url}/no-such-page`, { headers: { "if-match": '"x"' } });
  expect(missing.status).toBe(404);
});

test("React Router data of a generated file or an unknown path gets 404 from memory", async () => {
  for (const path of [
    "/.well-known/security.txt.data",
    "/sitemap.xml.data",
    "/robots.txt.data",
    "/manifest.webmanifest.data",
    "/insights/feed.xml.data",
    "/en/insights/feed.xml.data",
    "/ca/insights/feed.xml.data",
    "/no-such-page.data",
  ]) {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status, path).toBe(404);
    // The fast path's plain answer, not React Router's data stream (text/x-script).
    expect(response.headers.get("content-type"), path).toBe("text/plain; charset=utf-8");
    expect(await response.text(), path).toBe("Not Found");
  }
  // A page's data still comes from React Router.
  const page = await fetch(`${site.url}/en/about.data`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/x-script/);
});

test("TRACE, CONNECT and OPTIONS * get 405 with Allow", async () => {
  for (const [text, allow] of [
    [request("TRACE", "/"), "GET, HEAD"],
    [request("TRACE", "/api/contact"), "POST"],
    [request("OPTIONS", "*"), "GET, HEAD"],
    [request("CONNECT", "localhost:443"), "GET, HEAD, POST"],
  ] as const) {
    const label = text.split("\r\n")[0]!;
    const answer = await raw(text);
    expect(answer.status, label).toBe(405);
    expect(answer.headers["allow"], label).toBe(allow);
    expectPlainSecured(answer, label);
    const proxied = await raw(text, { via: "nginx" });
    expect(proxied.status, `${label} via nginx`).toBeGreaterThanOrEqual(400);
    expect(proxied.status, `${label} via nginx`).toBeLessThan(500);
  }
});

test("pages take GET and HEAD, the contact pages POST too, the endpoint only POST", async () => {
  const before = (await readMessages(site.databasePath)).length;
  const cases: [string, string, string][] = [
    ["POST", "/", "GET, HEAD"],
    ["DELETE", "/about", "GET, HEAD"],
    ["OPTIONS", "/en/services", "GET, HEAD"],
    ["PUT", "/robots.txt", "GET, HEAD"],
    ["POST", "/contact/sent", "GET, HEAD"],
    ["PATCH", "/no-such-page", "GET, HEAD"],
    ["GET", "/api/contact", "POST"],
    ["PUT", "/api/contact", "POST"],
    ...["/contact", "/en/contact", "/ca/contact", "/contact.data"].flatMap((path) =>
      ["PUT", "PATCH", "DELETE"].map((method): [string, string, string] => [
        method,
        path,
        "GET, HEAD, POST",
      ]),
    ),
  ];
  for (const [method, path, allow] of cases) {
    for (const via of ["app", "nginx"] as const) {
      const label = `${method} ${path} via ${via}`;
      const answer = await raw(
        request(method, path, { body: method === "GET" ? undefined : message }),
        { via },
      );
      expect(answer.status, label).toBe(405);
      expect(answer.headers["allow"], label).toBe(allow);
      expectPlainSecured(answer, label);
      if (via === "nginx") {
        expect(answer.headers["strict-transport-security"], label).toBeDefined();
      }
    }
  }
  expect((await readMessages(site.databasePath)).length).toBe(before);
});

test("every generated file carries the security headers", async () => {
  const asset = readdirSync("build/client/assets").find((name) => name.endsWith(".js"));
  for (const path of [
    `/assets/${asset}`,
    "/favicon.svg",
    "/favicon.ico",
    "/icon-192.png",
    "/robots.txt",
    "/sitemap.xml",
    "/manifest.webmanifest",
    "/.well-known/security.txt",
    "/assets/no-such-file.js",
  ]) {
    const answer = await raw(request("GET", path));
    expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
    expect(answer.headers["content-security-policy"], path).toMatch(/^default-src 'none'/);
    const proxied = await raw(request("GET", path), { via: "nginx" });
    expect(proxied.headers["content-security-policy"], `${path} via nginx`).toMatch(
      /^default-src 'none'/,
    );
    expect(proxied.headers["strict-transport-security"], `${path} via nginx`).toBe(
      "max-age=31536000; includeSubDomains",
    );
  }
});

test("requests Node itself refuses are answered with the security headers", async () => {
  const cases: [string, string, number][] = [
    ["a header line without a colon", "GET / HTTP/1.1\r\nHost: localhost\r\nNonsense\r\n\r\n", 400],
    ["an unknown method", request("BREW", "/"), 400],
    ["HTTP/1.1 without Host", request("GET", "/", { host: null }), 400],
    [
      "HTTP/1.1 without Host, a post",
      request("POST", "/contact", { host: null, body: message }),
      400,
    ],
    [
      "an expectation the server cannot meet",
      request("GET", "/").replace("Host:", "Expect: foo\r\nHost:"),
      417,
    ],
    [
      "headers over Node's limit",
      request("GET", "/").replace("Host:", `X-Big: ${"a".repeat(20_000)}\r\nHost:`),
      431,
    ],
  ];
  for (const [label, text, status] of cases) {
    const answer = await raw(text);
    expect(answer.status, label).toBe(status);
    expectPlainSecured(answer, label);
  }
});

/** Opens a connection, sends `start` and never the rest; resolves with the answer and how long it took. */
async function stall(start: string) {
  const started = performance.now();
  const socket = connectTcp(site.port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.write(start);
  await new Promise((resolve) => socket.once("close", resolve));
  return { answer: parse(received), seconds: (performance.now() - started) / 1000 };
}

test("a client that sends slowly is cut off with 408 after the request timeout", async () => {
  const body = request("POST", "/en/contact", { body: message });
  for (const [label, start] of [
    ["headers", "GET / HTTP/1.1\r\nHost: localhost\r\n"],
    ["body", body.slice(0, -10)],
  ] as const) {
    const { answer, seconds } = await stall(start);
    expect(answer.status, label).toBe(408);
    expectPlainSecured(answer, label);
    // Checked once a second: the timeout plus at most that.
    expect(seconds, label).toBeGreaterThanOrEqual(requestTimeoutSeconds - 0.1);
    expect(seconds, label).toBeLessThan(requestTimeoutSeconds + 2);
  }
});

test("/.well-known/security.txt names the contact, languages and address, and expires within a year", async () => {
  const response = await fetch(`${site.url}/.well-known/security.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, "m").exec(text)?.[1];
  expect(field("Contact")).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
  expect(field("Preferred-Languages")).toBe("es, en, ca");
  expect(field("Canonical")).toMatch(/^https?:\/\/[^/]+\/\.well-known\/security\.txt$/);
  const expires = Date.parse(field("Expires") ?? "");
  expect(expires).toBeGreaterThan(Date.now());
  expect(expires).toBeLessThanOrEqual(Date.now() + 365 * 24 * 3600 * 1000);
});

test("connections beyond MAX_CONNECTIONS are closed at once, and served again when others end", async () => {
  const max = 3;
  const small = await startSite({ MAX_CONNECTIONS: String(max) });
  const sockets: Socket[] = [];
  try {
    // Each connection asks for a page and stays open (keep-alive): answered, or closed unanswered.
    let answered = 0;
    for (;;) {
      const socket = connectTcp(small.port, "127.0.0.1");
      sockets.push(socket);
      socket.write("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n");
      // Node closes a connection over the cap at once, which the client may see as a reset.
      const event = await new Promise<"answered" | "refused">((resolve) => {
        socket.once("data", () => resolve("answered"));
        socket.once("close", () => resolve("refused"));
        socket.on("error", () => resolve("refused"));
      });
      if (event === "refused") break;
      answered += 1;
      expect(answered, "no connection was refused").toBeLessThanOrEqual(max);
    }
    // The start-up check's own kept-alive connection may hold one place.
    expect(answered).toBeGreaterThanOrEqual(max - 1);
    for (const socket of sockets) socket.destroy();
    await eventually(() =>
      fetch(`${small.url}/robots.txt`).then(
        (response) => response.ok,
        () => false,
      ),
    );
    expect(small.output()).not.toMatch(/"level":(50|60)/);
  } finally {
    for (const socket of sockets) socket.destroy();
    await small.stop();
  }
});
