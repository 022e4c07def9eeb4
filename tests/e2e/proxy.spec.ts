import { mkdirSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { STATUS_CODES, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect, getCACertificates, setDefaultCACertificates } from "node:tls";
import { plainHeaders } from "#server/security-headers.ts";
import { startNginx } from "#tests/support/nginx.ts";
import { prepareObservatory } from "#tests/support/observatory.ts";
import { eventually, readMessages, startSite, type Site } from "#tests/support/site.ts";
import { startSmtp, type SmtpServer } from "#tests/support/smtp.ts";
import {
  expect,
  fillContactForm,
  reachForContactForm,
  test,
  translator,
} from "#tests/e2e/support.ts";

// Debian's nginx with deploy/nginx.conf and a self-signed certificate, in front of the
// production server started as the README says (TRUST_PROXY = the proxy's address).

let smtp: SmtpServer;
let site: Site;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const rateLimit = 3;
test.beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({
    SMTP_URL: smtp.url,
    TRUST_PROXY: "127.0.0.1",
    CONTACT_MIN_FILL_SECONDS: "0",
    RATE_LIMIT_MAX: String(rateLimit),
    CONTACT_TO: "owner@example.com",
  });
  nginx = await startNginx(site.port);
});
test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
  await smtp?.close();
});

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every header line as sent, repeats included (`headers` joins or drops repeats). */
  raw: [string, string][];
  body: string;
};

const pairs = (flat: string[]) =>
  flat.flatMap((item, i) => (i % 2 ? [] : [[item, flat[i + 1] ?? ""] as [string, string]]));

/** A raw request through nginx, from a chosen loopback address, trusting its certificate. */
function call(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    from,
    ca = nginx.certificate,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
    /** The certificate to trust: the shared nginx's, unless a test starts its own. */
    ca?: string;
  } = {},
) {
  const send = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(url, { method, headers, ca, localAddress: from, family: 4 }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw: pairs(res.rawHeaders),
          body: text,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Bytes no HTTP client would send, over TLS to nginx, and its answer as written. nginx closes
 * the connection after refusing a malformed request, which ends the answer.
 */
function rawHttps(request: string) {
  return new Promise<Answer>((resolve, reject) => {
    const socket = connect(
      {
        host: "127.0.0.1",
        port: nginx.ports.https,
        servername: "localhost",
        ca: nginx.certificate,
      },
      () => socket.write(request),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString();
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
      const raw = lines.map((line): [string, string] => {
        const colon = line.indexOf(":");
        return [line.slice(0, colon), line.slice(colon + 1).trim()];
      });
      const headers: Answer["headers"] = {};
      for (const [name, value] of raw) headers[name.toLowerCase()] = value;
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        raw,
        body: text.slice(split + 4),
      });
    });
  });
}

/** The values a header was sent with, each line once (repeats stay visible). */
const sent = (answer: Answer, name: string) =>
  answer.raw.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

const visitor = {
  name: "Joan Proxy",
  email: "joan@example.es",
  message: "Hola des de darrere del proxy",
};

test("HTTP redirects to HTTPS keeping path and query; HSTS is sent once, over HTTPS", async () => {
  const redirect = await call(`${nginx.httpUrl}/en/about?utm_source=x`);
  expect(redirect.status).toBe(301);
  expect(redirect.headers["location"]).toBe(`${nginx.httpsUrl}/en/about?utm_source=x`);
  // The app's headers for plain HTTP, and a plain-text body, not nginx's HTML page.
  for (const [header, value] of Object.entries(plainHeaders(false))) {
    expect(redirect.headers[header.toLowerCase()], header).toBe(value);
  }
  expect(sent(redirect, "location")).toHaveLength(1);
  expect(redirect.headers["content-type"]).toMatch(/^text\/plain/);
  expect(redirect.body).toBe("Moved Permanently");

  for (const path of ["/", "/en/contact", "/nope", "/about/"]) {
    const answer = await call(`${nginx.httpsUrl}${path}`);
    expect(answer.headers["strict-transport-security"], path).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(answer.headers["server"], path).toBeUndefined();
    if (answer.status === 301) {
      expect(answer.headers["location"], path).toBe("/about");
    }
  }
  const page = await call(`${nginx.httpsUrl}/contact`);
  expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
});

test("plain HTTP answers Let's Encrypt's challenge from certbot's webroot, and nothing else", async () => {
  // What `certbot certonly --webroot -w /var/www/html` writes (docs/operations.md, step 6).
  const token = "Xq3vY0uQ-token_from-the-ACME-server";
  const dir = path.join(nginx.webroot, ".well-known", "acme-challenge");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, token), `${token}.account-thumbprint`);
  const challenge = await call(`${nginx.httpUrl}/.well-known/acme-challenge/${token}`);
  expect(challenge.status).toBe(200);
  expect(challenge.body).toBe(`${token}.account-thumbprint`);
  expect(challenge.headers["server"]).toBeUndefined();
  expect((await call(`${nginx.httpUrl}/.well-known/acme-challenge/missing`)).status).toBe(404);
  // Everything else over HTTP still goes to HTTPS, the site's own /.well-known/ included.
  const other = await call(`${nginx.httpUrl}/.well-known/security.txt`);
  expect(other.status).toBe(301);
});

test("proxied answers carry each of the app's security headers once, as the app sent them", async () => {
  const names = Object.keys(plainHeaders(true));
  for (const path of ["/", "/en/contact", "/nope", "/about/", "/healthz"]) {
    const [direct, proxied] = await Promise.all([
      fetch(`${site.url}${path}`, {
        redirect: "manual",
        headers: { "x-forwarded-proto": "https" },
      }),
      call(`${nginx.httpsUrl}${path}`),
    ]);
    expect(proxied.status, path).toBe(direct.status);
    for (const name of names) {
      const values = sent(proxied, name);
      expect(values, `${path}: ${name}`).toHaveLength(1);
      // The policy of a page rendered per request carries a fresh nonce each time.
      if (name !== "Content-Security-Policy") {
        expect(values[0], `${path}: ${name}`).toBe(direct.headers.get(name));
      }
    }
  }
});

/** nginx's own answers to what it refuses before the app sees it, as sent over HTTPS. */
const refusals: { name: string; status: number; send: () => Promise<Answer> }[] = [
  {
    name: "a malformed request line",
    status: 400,
    send: () => rawHttps("GET nope HTTP/1.1\r\nHost: localhost\r\n\r\n"),
  },
  {
    name: "two Host headers",
    status: 400,
    send: () => rawHttps("GET / HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n"),
  },
  {
    name: "TRACE, which nginx refuses itself",
    status: 405,
    send: () => call(`${nginx.httpsUrl}/`, { method: "TRACE" }),
  },
  {
    name: "a body over client_max_body_size",
    status: 413,
    send: () =>
      call(`${nginx.httpsUrl}/en/contact`, {
        method: "POST",
        headers: {
          origin: nginx.httpsUrl,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ ...visitor, message: "x".repeat(200_000) }).toString(),
      }),
  },
  {
    name: "a 20 KB URI",
    status: 414,
    send: () => call(`${nginx.httpsUrl}/${"a".repeat(20_000)}`),
  },
];

for (const { name, status, send } of refusals) {
  test(`nginx refuses ${name} with ${status}: the app's security headers, plain text, no product name`, async () => {
    const answer = await send();
    expect(answer.status).toBe(status);
    for (const [header, value] of Object.entries(plainHeaders(true))) {
      expect(sent(answer, header), header).toEqual([value]);
    }
    expect(sent(answer, "content-type")).toEqual(["text/plain; charset=utf-8"]);
    expect(sent(answer, "cache-control")).toEqual(["no-store"]);
    if (status === 405) expect(sent(answer, "allow")).toEqual(["GET, HEAD, POST"]);
    // The words the app itself answers with for the same status (server/plain-answer.ts).
    expect(answer.body).toBe(STATUS_CODES[status]);
    expect(sent(answer, "server")).toEqual([]);
    expect(JSON.stringify(answer.raw)).not.toMatch(/nginx/i);
  });
}

test("plain HTTP: nginx's own refusals carry the app's headers for HTTP and no product name", async () => {
  const answer = await call(`${nginx.httpUrl}/${"a".repeat(20_000)}`);
  expect(answer.status).toBe(414);
  for (const [header, value] of Object.entries(plainHeaders(false))) {
    expect(sent(answer, header), header).toEqual([value]);
  }
  expect(sent(answer, "strict-transport-security")).toEqual([]);
  expect(answer.body).toBe(STATUS_CODES[414]);
});

test("a 70 KB contact post through nginx gets the app's own translated answer", async () => {
  const body = new URLSearchParams({ ...visitor, message: "x".repeat(70_000) }).toString();
  expect(body.length).toBeGreaterThan(70_000);
  const post = (path: string, accept: Record<string, string> = {}) =>
    call(`${nginx.httpsUrl}${path}`, {
      method: "POST",
      headers: {
        origin: nginx.httpsUrl,
        "content-type": "application/x-www-form-urlencoded",
        ...accept,
      },
      body,
    });

  const t = translator("ca");
  const page = await post("/ca/contact");
  expect(page.status).toBe(413);
  expect(page.headers["content-type"]).toMatch(/^text\/html/);
  expect(page.body).toContain(t("contact.form.reasons.tooLarge"));

  // The form's script asks the same page for JSON.
  const api = await post("/en/contact", { accept: "application/json" });
  expect(api.status).toBe(413);
  expect(JSON.parse(api.body)).toMatchObject({ status: "failed", reason: "tooLarge" });
  for (const answer of [page, api]) {
    for (const header of Object.keys(plainHeaders(true))) {
      expect(sent(answer, header), header).toHaveLength(1);
    }
  }
});

test.describe("a browser through the proxy", () => {
  test.use({ ignoreHTTPSErrors: true });

  test("with JavaScript: the message is stored and e-mailed", async ({ page }) => {
    const t = translator("ca");
    await page.goto(`${nginx.httpsUrl}/ca/contact`);
    await reachForContactForm(page, t);
    await fillContactForm(page, t, {
      name: visitor.name,
      email: visitor.email,
      message: visitor.message,
    });
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    await expect(page.getByText(t("contact.form.success"))).toBeVisible();
    const mail = await eventually(() =>
      smtp.received.find((m) => m.text.includes(visitor.message)),
    );
    expect(mail.headers["reply-to"]).toBe(`${visitor.name} <${visitor.email}>`);
    expect(await readMessages(site.databasePath)).toEqual(
      expect.arrayContaining([expect.objectContaining({ ...visitor, lang: "ca" })]),
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the message is stored and e-mailed", async ({ page }) => {
      const t = translator("en");
      const message = "Sent without JavaScript through nginx";
      await page.goto(`${nginx.httpsUrl}/en/contact`);
      await fillContactForm(page, t, {
        name: visitor.name,
        email: visitor.email,
        message: message,
      });
      await page.getByRole("button", { name: t("contact.form.submit") }).click();
      await expect(page.getByText(t("contact.form.success"))).toBeVisible();
      expect(new URL(page.url()).origin).toBe(nginx.httpsUrl);
      await eventually(() => smtp.received.find((m) => m.text.includes(message)));
      expect((await readMessages(site.databasePath)).some((row) => row.message === message)).toBe(
        true,
      );
    });
  });
});

test("the rate limit counts the visitor's address that nginx forwards, not the proxy's", async () => {
  const post = (from: string, spoofed?: string) =>
    call(`${nginx.httpsUrl}/contact`, {
      method: "POST",
      from,
      headers: {
        origin: nginx.httpsUrl,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        ...(spoofed ? { "x-forwarded-for": spoofed } : {}),
      },
      body: new URLSearchParams({ ...visitor, elapsed: "9000" }).toString(),
    });
  for (let i = 0; i < rateLimit; i++) expect((await post("127.0.0.2")).status).toBe(200);
  expect((await post("127.0.0.2")).status).toBe(429);
  // A made-up X-Forwarded-For does not buy a new budget: nginx appends the real address.
  expect((await post("127.0.0.2", "198.51.100.7")).status).toBe(429);
  // Another visitor, through the same proxy, still has theirs.
  expect((await post("127.0.0.3")).status).toBe(200);
});

test("behind a proxy that rewrites Host, a post from the default port is accepted, with and without JavaScript", async () => {
  // Host: the upstream's name; X-Forwarded-Host: the visitor's Host, which on port 443 names
  // no port. The request URL must not take the upstream's port (React Router answered 400).
  const rewriting = await startNginx(site.port, undefined, { hostRewriting: true });
  try {
    for (const [accept, status] of [
      ["application/json", 200],
      ["text/html", 303],
    ] as const) {
      const answer = await call(`${rewriting.httpsUrl}/contact`, {
        method: "POST",
        from: "127.0.0.4",
        ca: rewriting.certificate,
        headers: {
          host: "localhost",
          origin: "https://localhost",
          accept,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ ...visitor, elapsed: "9000" }).toString(),
      });
      expect(answer.status, answer.body).toBe(status);
    }
    // Another site's page is still refused.
    const foreign = await call(`${rewriting.httpsUrl}/contact`, {
      method: "POST",
      from: "127.0.0.4",
      ca: rewriting.certificate,
      headers: {
        host: "localhost",
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ ...visitor, elapsed: "9000" }).toString(),
    });
    expect(foreign.status).toBe(403);
  } finally {
    await rewriting.stop();
  }
});

test("nginx's error log keeps no key or visitor's words from a query, though it logs the request line of other pages", async () => {
  const secret = "SecretKeyOfTheCallSecretKeyOfTh";
  const tooLarge = "x".repeat(200 * 1024);
  const keyed = [
    `/book/manage?t=7.${secret}`,
    `/en/book?move=7.${secret}`,
    `/ask?q=${secret}`,
    `/en/ask?q=${secret}`,
    `/ca/ask?q=${secret}`,
    `/de/ask?q=${secret}`,
    `/contact?message=${secret}`,
    `/en/contact?topic=${secret}`,
    `/panel/enrol?t=${secret}`,
  ];
  for (const path of [...keyed, "/about?probe=large"]) {
    const answer = await call(`${nginx.httpsUrl}${path}`, {
      method: "POST",
      headers: { origin: nginx.httpsUrl, "content-type": "application/x-www-form-urlencoded" },
      body: tooLarge,
    });
    expect(answer.status, path).toBe(413);
  }
  await eventually(() => nginx.errorLog().includes("/about?probe=large"));
  expect(nginx.errorLog()).not.toContain(secret);
});

test("the access log holds no IP address", async () => {
  await call(`${nginx.httpsUrl}/en/about`, { from: "127.0.0.4" });
  // This request's line (the redirect test's `/en/about/` line does not match).
  const log = await eventually(
    () => nginx.accessLog().includes('"GET /en/about HTTP') && nginx.accessLog(),
  );
  expect(log).toMatch(/"GET \/en\/about HTTP\/\d(\.\d)?" 200 /);
  expect(log).not.toMatch(/\b127\.0\.0\.\d\b/);
  expect(log).not.toContain("::1");
});

test("no spelling of the calendar feed's address puts its key in a log, and only the handed-out one is served", async () => {
  // Found by a probe: Express matches paths without case, the server's redaction and nginx's
  // location matched exact case, so other spellings were served and logged with the key.
  const key = "FeedKeyOfThePanelFeedKeyOfThePanel";
  const database = new DatabaseSync(site.databasePath);
  database
    .prepare(
      "INSERT INTO secrets (name, value) VALUES ('panel-calendar', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    )
    .run(key);
  database.close();
  const spellings = [
    `/panel/Calendar/${key}.ics`,
    `/Panel/calendar/${key}.ics`,
    `/PANEL/CALENDAR/${key.toUpperCase()}.ICS`,
    `/panel/calendar/${key}.ICS`,
    `/panel/calendar/${key.toLowerCase()}.ics`,
    `/panel/calendar/${key}`,
    `/panel/calendar/${key}.ics;x`,
    `/panel/calendar/${key}.ics/`,
    `/panel//calendar/${key}.ics`,
    `/panel/%63alendar/${key}.ics`,
  ];
  for (const origin of [nginx.httpsUrl, site.url]) {
    const handedOut = await call(`${origin}/panel/calendar/${key}.ics`);
    expect(handedOut.status, origin).toBe(200);
    expect(handedOut.body).toContain("BEGIN:VCALENDAR");
    for (const spelling of spellings) {
      const answer = await call(`${origin}${spelling}`);
      expect(answer.status, `${origin}${spelling}`).not.toBe(200);
      expect(answer.body).not.toContain("BEGIN:VCALENDAR");
    }
  }
  // Every request through nginx is in its access log, under the feed's fixed path.
  const log = await eventually(
    () =>
      nginx.accessLog().split("/panel/calendar/*").length > spellings.length + 1 &&
      nginx.accessLog(),
  );
  expect(log).toMatch(/"GET \/panel\/calendar\/\* HTTP\/\d(\.\d)?" 200 /);
  for (const text of [log, nginx.errorLog(), site.output()]) {
    expect(text.toLowerCase()).not.toContain(key.toLowerCase());
  }
});

test("the MDN HTTP Observatory passes every check over HTTPS and scores at least 130", async () => {
  prepareObservatory();
  // The scanner verifies certificates; trust the test's own for this process.
  setDefaultCACertificates([...getCACertificates("default"), nginx.certificate]);
  const { retrieve } = await import("@mdn/mdn-http-observatory/src/retriever/retriever.js");
  const { ALL_TESTS } = await import("@mdn/mdn-http-observatory/src/constants.js");
  const { getScoreModifier, getGradeForScore } =
    await import("@mdn/mdn-http-observatory/src/grader/grader.js");
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } =
    await import("@mdn/mdn-http-observatory/src/grader/charts.js");
  for (const path of ["/", "/en/contact"]) {
    const retrieval = await retrieve("localhost", {
      httpPort: nginx.ports.http,
      httpsPort: nginx.ports.https,
      path,
    });
    const checks = ALL_TESTS as ((r: unknown) => { result: string; pass: boolean })[];
    const results = checks.map((check) => ({ name: check.name, ...check(retrieval) }));
    const failed = results.filter((r) => !r.pass).map((r) => `${r.name}: ${r.result}`);
    expect(failed, path).toEqual([]);
    // The scanner's own scoring (scanner/index.js), which needs the default ports.
    const modifiers = results.map((r) => getScoreModifier(r.result));
    const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
    const score =
      uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT
        ? 100 + modifiers.reduce((a, b) => a + b, 0)
        : uncurved;
    const { grade } = getGradeForScore(score);
    console.log(
      `Observatory over HTTPS, ${path}: ${score} (${grade}), ${results.length} checks passed`,
    );
    expect(score, path).toBeGreaterThanOrEqual(130);
  }
});
