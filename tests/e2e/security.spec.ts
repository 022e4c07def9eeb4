import { startSite } from "#tests/support/site.ts";
import { expect, test, translator, fillContactForm } from "#tests/e2e/support.ts";

// Collects every Content-Security-Policy violation the page reports.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});
const violations = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

// Every page with JavaScript on, each loaded once, is checked for violations in
// page-sweep.spec.ts; with JavaScript off a page can only break the policy with its styles,
// which the sweep sees too.

test.describe("without JavaScript", () => {
  // Chromium reports every blocked inline style or script as a console error, which fails
  // the test (tests/e2e/support.ts) even when no script of ours can listen for it.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of (400|404)/] });

  test("no 404 page or form result breaks its Content-Security-Policy", async ({
    page,
    consoleMessages,
  }) => {
    for (const url of ["/no-such-page", "/en/no-such-page", "/ca/x/y"]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    const t = translator("en");
    await page.goto("/en/contact");
    await fillContactForm(page, t, { name: "  ", email: "a@example.com", message: "Hola" });
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    // The style the page needs was applied: the stylesheet was not blocked.
    const display = await page.locator("body").evaluate((body) => getComputedStyle(body).display);
    expect(display).toBe("flex");
    expect(consoleMessages.filter((m) => /Content Security Policy/.test(m))).toEqual([]);
  });
});

test.describe("answers that are not prerendered", () => {
  test.use({ allowedConsoleErrors: [/status of (400|404)/] });

  test("the 404 page, the contact form at work and a form result keep to the policy", async ({
    page,
  }) => {
    await page.goto("/en/no-such-page");
    expect(await violations(page)).toEqual([]);

    const t = translator("en");
    await page.goto("/en/contact");
    await page.getByLabel(t("contact.form.name"), { exact: true }).fill("   ");
    await expect(page.locator("form[data-enhanced]")).toBeAttached();
    await page.getByLabel(t("contact.form.email"), { exact: true }).fill("a@example.com");
    await page.getByLabel(t("contact.form.message"), { exact: true }).fill("Hola");
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    await expect(page.getByRole("alert")).toContainText(t("contact.form.errorSummary"));
    expect(await violations(page)).toEqual([]);
  });

  test("a no-JavaScript form result runs its scripts by nonce only", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const list: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = list;
      document.addEventListener("securitypolicyviolation", (e) => list.push(e.violatedDirective));
    });
    // Submit the plain HTML form before its script loads: the answer is rendered per request.
    await page.goto("/en/contact");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.evaluate(() => {
      const form = document.querySelector("form")!;
      (form.elements.namedItem("name") as HTMLInputElement).value = "  ";
      (form.elements.namedItem("email") as HTMLInputElement).value = "a@example.com";
      (form.elements.namedItem("message") as HTMLTextAreaElement).value = "x";
      HTMLFormElement.prototype.submit.call(form);
    });
    // The error summary exists only on the answer; once it shows, let its scripts run.
    await expect(page.getByRole("alert")).toBeVisible();
    await page.waitForLoadState("load");
    const header = (await page.request.post("/en/contact", { form: { name: "" } })).headers()[
      "content-security-policy"
    ];
    expect(header).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    await context.close();
  });
});

test("security headers on pages, assets, the 404 page and dynamic answers", async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
  for (const [url, method] of [
    ["/", "GET"],
    ["/en/contact", "GET"],
    [asset, "GET"],
    ["/nope", "GET"],
    ["/en/contact", "POST"],
    ["/about/", "GET"],
    ["/healthz", "GET"],
    ["/assets/missing.js", "GET"],
  ] as const) {
    const response =
      method === "GET"
        ? await request.get(url, { maxRedirects: 0 })
        : await request.post(url, { form: { name: "" } });
    const headers = response.headers();
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], url).toContain("camera=()");
    expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
    expect(headers["cross-origin-resource-policy"], url).toBe("same-origin");
    expect(headers["x-frame-options"], url).toBe("DENY");
    expect(headers["strict-transport-security"], url).toBeUndefined(); // plain HTTP
    expect(headers["x-powered-by"], url).toBeUndefined();
    if (headers["content-type"]?.startsWith("text/html")) {
      const csp = headers["content-security-policy"] ?? "";
      expect(csp, url).not.toContain("unsafe-");
      const directives = csp.split(";").map((d) => d.trim());
      expect(directives[0], url).toBe("default-src 'none'");
      for (const directive of [
        /^script-src 'self'( '(sha256|nonce)-[\w+/=]+')+$/,
        /^style-src 'self'( '(sha256|nonce)-[\w+/=]+')+$/,
        /^img-src 'self'$/,
        /^font-src 'self'$/,
        /^connect-src 'self'$/,
        /^manifest-src 'self'$/,
        /^base-uri 'self'$/,
        /^form-action 'self'$/,
        /^frame-ancestors 'none'$/,
      ]) {
        expect(
          directives.filter((d) => directive.test(d)),
          `${url} ${directive}`,
        ).toHaveLength(1);
      }
    }
  }
});

test("HSTS only over HTTPS: directly or through a proxy that is trusted and says so", async () => {
  const trusting = await startSite({ TRUST_PROXY: "loopback" });
  const untrusting = await startSite({ TRUST_PROXY: "false" });
  try {
    const get = (url: string, path: string, proto?: string) =>
      fetch(url + path, { headers: proto ? { "x-forwarded-proto": proto } : {} });
    for (const path of ["/", "/en/nope"]) {
      const behindProxy = await get(trusting.url, path, "https");
      expect(behindProxy.headers.get("strict-transport-security"), path).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(behindProxy.headers.get("content-security-policy"), path).toContain(
        "upgrade-insecure-requests",
      );
      expect(
        (await get(trusting.url, path, "http")).headers.get("strict-transport-security"),
      ).toBeNull();
      expect(
        (await get(untrusting.url, path, "https")).headers.get("strict-transport-security"),
      ).toBeNull();
    }
    const post = await fetch(`${trusting.url}/en/contact`, {
      method: "POST",
      headers: {
        "x-forwarded-proto": "https",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "name=",
    });
    expect(post.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  } finally {
    await trusting.stop();
    await untrusting.stop();
  }
});
