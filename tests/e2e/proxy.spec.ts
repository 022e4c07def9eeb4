import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { getCACertificates, setDefaultCACertificates } from "node:tls";
import { startNginx } from "../support/nginx";
import { prepareObservatory } from "../support/observatory";
import { eventually, readMessages, startSite, type Site } from "../support/site";
import { startSmtp, type SmtpServer } from "../support/smtp";
import { expect, fillContactForm, reachForContactForm, test, translator } from "./support";

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
  body: string;
};

/** A raw request through nginx, from a chosen loopback address, trusting its certificate. */
function call(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    from,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
  } = {},
) {
  const send = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(
      url,
      { method, headers, ca: nginx.certificate, localAddress: from, family: 4 },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const visitor = {
  name: "Joan Proxy",
  email: "joan@example.es",
  message: "Hola des de darrere del proxy",
};

test("HTTP redirects to HTTPS keeping path and query; HSTS is sent once, over HTTPS", async () => {
  const redirect = await call(`${nginx.httpUrl}/en/about?utm_source=x`);
  expect(redirect.status).toBe(301);
  expect(redirect.headers["location"]).toBe(`${nginx.httpsUrl}/en/about?utm_source=x`);

  for (const path of ["/", "/en/contact", "/nope", "/about/"]) {
    const answer = await call(`${nginx.httpsUrl}${path}`);
    expect(answer.headers["strict-transport-security"], path).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(answer.headers["server"], path).toBe("nginx");
    if (answer.status === 301) {
      expect(answer.headers["location"], path).toBe("/about");
    }
  }
  const page = await call(`${nginx.httpsUrl}/contact`);
  expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
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
    call(`${nginx.httpsUrl}/api/contact`, {
      method: "POST",
      from,
      headers: {
        origin: nginx.httpsUrl,
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
