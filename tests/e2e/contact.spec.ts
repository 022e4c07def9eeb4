import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { siteConfig } from "#app/config/site.ts";
import { documentTitle } from "#app/routing/seo.ts";
import { contactSentPath, localizedPath } from "#app/routing/paths.ts";
import type { SmtpServer } from "#tests/support/smtp.ts";
import { eventually, readMessages, startSiteWithMail, type Site } from "#tests/support/site.ts";
import {
  expect,
  expectNoAxeViolations,
  languages,
  test,
  translator,
  fillContactForm,
  reachForContactForm,
} from "#tests/e2e/support.ts";

type Translate = ReturnType<typeof translator>;

// Each test gets its own server process, database file and SMTP server.
let smtp: SmtpServer;
let site: Site;
let stop: () => Promise<void>;
test.beforeEach(async () => {
  ({ smtp, site, stop } = await startSiteWithMail({
    CONTACT_TO: "owner@example.com",
    CONTACT_FROM: "Web <web@example.com>",
    CONTACT_MIN_FILL_SECONDS: "0",
  }));
});
// The page goes before its server (booking.spec.ts says why).
test.afterEach(async ({ page }) => {
  await page.close();
  await stop();
});

/** Whitespace passes the browser's "required" check but not the shared rules. */
async function fillWithTwoProblems(page: Page, t: Translate) {
  await fillContactForm(page, t, { name: "  ", email: "marta@example.es", message: "   " });
}

/** A summary's link text: the field's label and its problem. */
function problem(t: Translate, field: "name" | "message") {
  return t("contact.form.errorSummaryItem", {
    field: t(`contact.form.${field}`),
    error: t("contact.form.fieldErrors.required"),
  });
}

/** The GOV.UK error summary: focused, titled, one link per problem, title prefixed. */
async function expectErrorSummary(page: Page, t: Translate) {
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading")).toHaveText(t("contact.form.errorSummary"));
  await expect(page.locator(":focus")).toContainText(t("contact.form.errorSummary"));
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole("link")).toHaveText([problem(t, "name"), problem(t, "message")]);
  await expect(summary.getByRole("link", { name: problem(t, "name") })).toHaveAttribute(
    "href",
    "#contact-name",
  );
  await expect(page).toHaveTitle(
    t("contact.form.errorPageTitle", { title: documentTitle(t("contact.meta.title")) }),
  );
  for (const field of ["name", "message"] as const) {
    const input = page.getByLabel(t(`contact.form.${field}`), { exact: true });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(t("contact.form.fieldErrors.required"));
  }
  await expect(page.getByLabel(t("contact.form.email"), { exact: true })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
}

/** The English form, taken over by its script, sent with two problems: the summary shows. */
async function failInTheBrowser(page: Page, t: Translate) {
  await page.goto(`${site.url}/en/contact`);
  await reachForContactForm(page, t);
  await fillWithTwoProblems(page, t);
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expectErrorSummary(page, t);
}

const visitor = {
  name: "Marta Ferrer i Núñez",
  email: "marta@example.es",
  message: "Hola!\nNecesitamos automatizar la facturación. ¿Habláis català? 😊",
};

test("with JavaScript: Sending..., a translated success status in place, focused, empty fields, stored and e-mailed", async ({
  page,
}) => {
  const t = translator("en");
  // Hold the post until the sending state has been seen, then let it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let posted: { accept: string | null; url: string } | undefined;
  await page.route(`${site.url}/en/contact`, async (route) => {
    if (route.request().method() === "POST") {
      posted = { accept: await route.request().headerValue("accept"), url: route.request().url() };
      await held;
    }
    await route.continue();
  });
  await page.goto(`${site.url}/en/contact`);
  await page.getByLabel(t("contact.form.name"), { exact: true }).fill(visitor.name);
  // Reaching for the form loads its script; typing meanwhile is kept.
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  await expect(page.getByLabel(t("contact.form.name"), { exact: true })).toHaveValue(visitor.name);
  await page.getByLabel(t("contact.form.email"), { exact: true }).fill(visitor.email);
  await page.getByLabel(t("contact.form.message"), { exact: true }).fill(visitor.message);
  await page.getByRole("button", { name: t("contact.form.submit") }).click();

  const sending = page.getByRole("button", { name: t("contact.form.sending") });
  try {
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
  } finally {
    release();
  }

  // The box the no-JS "sent" page shows, announced and focused the same way.
  const status = page.getByRole("status");
  await expect(status).toContainText(t("contact.form.success"));
  await expect(status).toContainText(t("contact.form.successText"));
  await expect(status).toBeFocused();
  // The script posts to the page itself, asking for JSON; the page stays where it is.
  expect(posted).toEqual({ accept: "application/json", url: `${site.url}/en/contact` });
  await expect(page).toHaveURL(`${site.url}/en/contact`);
  for (const label of ["name", "email", "message"] as const) {
    await expect(page.getByLabel(t(`contact.form.${label}`), { exact: true })).toHaveValue("");
  }
  await expect(page.getByRole("button", { name: t("contact.form.submit") })).toBeEnabled();

  const [row] = await readMessages(site.databasePath);
  expect(row).toMatchObject({ ...visitor, lang: "en" });
  const mail = await eventually(() => smtp.received[0]);
  expect(mail.envelope.to).toEqual(["owner@example.com"]);
  expect(mail.headers["from"]).toBe("Web <web@example.com>");
  expect(mail.headers["reply-to"]).toBe(`${visitor.name} <${visitor.email}>`);
  expect(mail.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(mail.text).toContain(visitor.message);
  expect(smtp.received).toHaveLength(1);
});

test("a message typed before the form's script takes over is kept exactly, over a prefilled question", async ({
  page,
}) => {
  const t = translator("es");
  const question = "¿Hacéis auditorías de accesibilidad?";
  const typed = `${question} Y otra cosa.`;
  // The form's script is held until the visitor has typed: a slow phone, made certain.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) =>
    page.route("**/assets/entry.client-*.js", async (route) => {
      resolve();
      await held;
      await route.continue();
    }),
  );
  await page.goto(`${site.url}/contact?message=${encodeURIComponent(question)}#contact-message`);
  const message = page.getByLabel(t("contact.form.message"), { exact: true });
  await expect(message).toHaveValue(question);
  // Replacing the prefilled text (select all, type) and adding to it (at the end).
  await message.fill(typed.slice(0, -1));
  await requested;
  await message.press("End");
  await message.pressSequentially(".");
  await expect(message).toHaveValue(typed);
  try {
    await expect(page.locator("form[data-enhanced]")).not.toBeAttached();
  } finally {
    release();
  }
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  await expect(message).toHaveValue(typed);

  // Typing goes on where it stopped, and what arrives is exactly what the visitor wrote.
  await message.pressSequentially(" Gracias.");
  await expect(message).toHaveValue(`${typed} Gracias.`);
  await page.getByLabel(t("contact.form.name"), { exact: true }).fill(visitor.name);
  await page.getByLabel(t("contact.form.email"), { exact: true }).fill(visitor.email);
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
  const [row] = await readMessages(site.databasePath);
  expect(row).toMatchObject({ message: `${typed} Gracias.`, lang: "es" });
});

test.describe("a send the server refuses", () => {
  // The refusal's status (429), which the browser reports.
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test("with JavaScript, a send the server refuses is answered in place: the reason, as an alert, focused; what was typed is kept", async ({
    page,
  }) => {
    const t = translator("ca");
    await page.goto(`${site.url}/ca/contact`);
    await reachForContactForm(page, t);
    const submit = page.getByRole("button", { name: t("contact.form.submit") });
    // The server's own limit (RATE_LIMIT_MAX, 5 a visitor in 10 minutes): the sixth is refused.
    for (let sent = 1; sent <= 5; sent++) {
      await fillContactForm(page, t, { ...visitor, message: `${visitor.message} (${sent})` });
      await submit.click();
      await expect(page.getByRole("status")).toBeFocused();
    }
    await fillContactForm(page, t, visitor);
    await submit.click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText(t("contact.form.errorSummary"));
    await expect(summary).toContainText(t("contact.form.reasons.rateLimited"));
    await expect(page.getByRole("status")).toHaveCount(0);
    // The box that holds the alert takes focus, as the summary does on the no-JS path.
    await expect(page.locator(":focus")).toContainText(t("contact.form.reasons.rateLimited"));
    await expect(page).toHaveTitle(
      t("contact.form.errorPageTitle", { title: documentTitle(t("contact.meta.title")) }),
    );
    await expect(page.getByLabel(t("contact.form.message"), { exact: true })).toHaveValue(
      visitor.message,
    );
    expect(await readMessages(site.databasePath)).toHaveLength(5);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`with JavaScript, the answers in place pass axe in the ${colorScheme} scheme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const t = translator("en");
    await failInTheBrowser(page, t);
    await expectNoAxeViolations(page);
    await fillContactForm(page, t, visitor);
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    await expect(page.getByRole("status")).toBeFocused();
    await expectNoAxeViolations(page);
  });
}

test("with JavaScript: the error summary takes focus, its links focus the fields, then clears", async ({
  page,
}) => {
  const t = translator("en");
  await failInTheBrowser(page, t);
  await page.getByRole("link", { name: problem(t, "name") }).click();
  const name = page.getByLabel(t("contact.form.name"), { exact: true });
  await expect(name).toBeFocused();
  await expect(page.getByText(t("contact.form.name"), { exact: true })).toBeInViewport();

  await name.fill(visitor.name);
  await page.getByLabel(t("contact.form.message"), { exact: true }).fill(visitor.message);
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
  await expect(page.getByRole("status")).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveTitle(documentTitle(t("contact.meta.title")));
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  expect(await readMessages(site.databasePath)).toHaveLength(1);
});

test("the answers in place need no stylesheet of their own: no violation under style-src without 'unsafe-inline'", async ({
  page,
}) => {
  const t = translator("en");
  // The page's own policy, with style-src narrowed to 'self' and the hashes of the page's
  // <style> elements, whatever the server allows today.
  let policy = "";
  await page.route(`${site.url}/en/contact`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const hashes = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
      ([, css]) => `'sha256-${createHash("sha256").update(css!).digest("base64")}'`,
    );
    const own = response.headers();
    policy = (own["content-security-policy"] ?? "").replace(
      /style-src [^;]*/,
      `style-src 'self' ${hashes.join(" ")}`,
    );
    // The body is handed over decoded.
    const headers = Object.fromEntries(
      Object.entries({ ...own, "content-security-policy": policy }).filter(
        ([name]) => name !== "content-encoding" && name !== "content-length",
      ),
    );
    await route.fulfill({ response, body: html, headers });
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto(`${site.url}/en/contact`);
  expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(policy).not.toContain("unsafe-inline");
  // Neither the first paint nor the form's script asks for a stylesheet: the classes of the
  // boxes it shows are in the page's own.
  await reachForContactForm(page, t);

  await fillWithTwoProblems(page, t);
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  // Drawn by the page's stylesheet: bordered and tinted, the summary and the success status.
  const drawn = (box: HTMLElement) => {
    const style = getComputedStyle(box);
    return {
      border: style.borderTopWidth,
      radius: style.borderRadius,
      tint: style.backgroundColor,
    };
  };
  const summary = page.locator(":focus");
  await expect(summary.getByRole("alert")).toContainText(t("contact.form.errorSummary"));
  expect(await summary.evaluate(drawn)).toMatchObject({ border: "2px", radius: "8px" });
  expect((await summary.evaluate(drawn)).tint).not.toBe("rgba(0, 0, 0, 0)");
  await fillContactForm(page, t, visitor);
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  const status = page.getByRole("status");
  await expect(status).toBeFocused();
  expect(await status.evaluate(drawn)).toMatchObject({ border: "1px", radius: "8px" });
  expect((await status.evaluate(drawn)).tint).not.toBe("rgba(0, 0, 0, 0)");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  expect(await page.locator("style").count()).toBe(1);
  expect(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  ).toEqual([]);
});

test("with JavaScript the 'sent' page's form comes alive cleanly and takes another message", async ({
  page,
}) => {
  const t = translator("ca");
  await page.goto(`${site.url}/ca/contact/sent`);
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
  await reachForContactForm(page, t);
  await fillContactForm(page, t, {
    name: visitor.name,
    email: visitor.email,
    message: visitor.message,
  });
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
  await expect(page.getByRole("status")).toBeFocused();
  await expect(page).toHaveURL(`${site.url}/ca/contact/sent`);
  expect(await readMessages(site.databasePath)).toMatchObject([{ name: visitor.name, lang: "ca" }]);
});

test.describe("without JavaScript", () => {
  // An invalid submission is answered with status 400, which the browser reports.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400/] });

  test("a sent message answers 303 to the 'sent' page; a refresh sends nothing twice", async ({
    page,
  }) => {
    const t = translator("es");
    await page.goto(`${site.url}/contact`);
    await fillContactForm(page, t, {
      name: visitor.name,
      email: visitor.email,
      message: visitor.message,
    });
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    expect((await answer).status()).toBe(303);
    // The answer lands on the message box: the browser scrolls to it and focuses it.
    expect((await answer).headers()["location"]).toBe("/contact/sent#contact-sent");
    await expect(page).toHaveURL(`${site.url}/contact/sent#contact-sent`);

    const status = page.getByRole("status");
    await expect(status).toContainText(t("contact.form.success"));
    await expect(status).toBeFocused();
    await expect(page).toHaveTitle(`${t("contact.meta.title")} | ${siteConfig.name}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.getByLabel(t("contact.form.name"), { exact: true })).toHaveValue("");
    expect(await readMessages(site.databasePath)).toMatchObject([
      { name: visitor.name, email: visitor.email, lang: "es" },
    ]);
    // Browsers send textarea line breaks as CRLF.
    expect((await readMessages(site.databasePath))[0]!.message.replace(/\r\n/g, "\n")).toBe(
      visitor.message,
    );

    // A refresh asks for the "sent" page again: nothing is posted, stored or e-mailed.
    const reloaded = await page.reload();
    expect(reloaded?.request().method()).toBe("GET");
    expect(reloaded?.status()).toBe(200);
    await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
    await eventually(async () => (await readMessages(site.databasePath))[0]?.status === "sent");
    expect(await readMessages(site.databasePath)).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.headers["reply-to"]).toBe(`${visitor.name} <${visitor.email}>`);

    // The form on the "sent" page takes a second message.
    await fillContactForm(page, t, {
      name: "Pere",
      email: "pere@example.es",
      message: "Una altra consulta",
    });
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    await expect(page).toHaveURL(`${site.url}/contact/sent#contact-sent`);
    await expect(page.getByRole("status")).toBeFocused();
    expect((await readMessages(site.databasePath)).map((row) => row.name)).toEqual([
      visitor.name,
      "Pere",
    ]);
    await eventually(() => smtp.received.length === 2);
  });

  test("the 'sent' page speaks each language and stays out of the sitemap", async ({ page }) => {
    for (const lang of languages) {
      const t = translator(lang);
      const response = await page.goto(`${site.url}${contactSentPath(lang)}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(`${t("contact.meta.title")} | ${siteConfig.name}`);
      await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("contact.title"));
    }
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/contact</loc>");
    expect(sitemap).not.toContain("/sent");
  });

  test("errors: a focused summary at the top of the form links to each field; title, values kept", async ({
    page,
  }) => {
    for (const lang of languages) {
      const t = translator(lang);
      await page.goto(`${site.url}${localizedPath("contact", lang)}`);
      await fillWithTwoProblems(page, t);
      await page.getByRole("button", { name: t("contact.form.submit") }).click();
      await expectErrorSummary(page, t);
      // What was typed stays.
      await expect(page.getByLabel(t("contact.form.email"), { exact: true })).toHaveValue(
        "marta@example.es",
      );
    }
    // Landing on the summary, the visitor follows a link to the field.
    const t = translator(languages.at(-1)!);
    await page.getByRole("link", { name: problem(t, "message") }).click();
    await expect(page.getByLabel(t("contact.form.message"), { exact: true })).toBeFocused();
    expect(await readMessages(site.databasePath)).toEqual([]);
  });
});

test.describe("the error state as the server renders it", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("passes axe", async ({ page }) => {
    const t = translator("es");
    await page.goto(`${site.url}/contact`);
    // A plain form submission, before the form's script loads: the answer is the server's.
    await page.locator("form").evaluate((form: HTMLFormElement) => {
      for (const [name, value] of [
        ["name", "  "],
        ["email", "marta@example.es"],
        ["message", "   "],
      ]) {
        (form.elements.namedItem(name!) as HTMLInputElement).value = value!;
      }
      form.submit();
    });
    await expectErrorSummary(page, t);
    await expectNoAxeViolations(page);
  });
});

test("the form's fields: types, required, rows, labels and the privacy notice", async ({
  page,
}) => {
  const t = translator("es");
  await page.goto(`${site.url}/contact`);
  await expect(page.getByLabel(t("contact.form.email"), { exact: true })).toHaveAttribute(
    "type",
    "email",
  );
  for (const label of ["name", "email", "message"] as const) {
    await expect(page.getByLabel(t(`contact.form.${label}`), { exact: true })).toHaveAttribute(
      "required",
      "",
    );
  }
  const message = page.getByLabel(t("contact.form.message"), { exact: true });
  await expect(message).toHaveAttribute("rows", "5");
  expect(await message.evaluate((el) => getComputedStyle(el).minHeight)).toBe("80px");
  await expect(page.getByText(siteConfig.legalName).first()).toBeVisible();
  await expect(page.getByRole("link", { name: t("contact.form.privacyLink") })).toHaveAttribute(
    "href",
    "/privacy",
  );
});

test("the former endpoint /api/contact sends a post to the contact page of its language (308); other methods get 405", async () => {
  for (const [lang, location] of [
    ["es", "/contact"],
    ["en", "/en/contact"],
    ["ca", "/ca/contact"],
    ["xx", "/contact"],
  ]) {
    const response = await fetch(`${site.url}/api/contact?lang=${lang}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" },
      body: "name=Pere",
    });
    expect(response.status, lang).toBe(308);
    expect(response.headers.get("location"), lang).toBe(location);
  }
  expect(await readMessages(site.databasePath)).toEqual([]);
  // A script loaded before the move follows it with the same post, and gets JSON.
  const followed = await fetch(`${site.url}/api/contact?lang=en`, {
    method: "POST",
    headers: {
      origin: site.url,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ ...visitor, elapsed: "9000" }),
  });
  expect(followed.status).toBe(200);
  expect(await followed.json()).toEqual({ status: "sent" });
  expect(await readMessages(site.databasePath)).toMatchObject([{ name: visitor.name, lang: "en" }]);

  for (const method of ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
    const response = await fetch(`${site.url}/api/contact`, { method });
    expect(response.status, method).toBe(405);
    expect(response.headers.get("allow"), method).toBe("POST");
  }
});

test("the contact page answers the form's script in JSON and the form without JavaScript with the page", async () => {
  const post = (accept: string | undefined, fields: Record<string, string>) =>
    fetch(`${site.url}/ca/contact`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: site.url,
        "content-type": "application/x-www-form-urlencoded",
        ...(accept ? { accept } : {}),
      },
      body: new URLSearchParams(fields),
    });
  const invalid = { name: " ", email: "a@example.com", message: "Hola" };
  const script = await post("application/json", invalid);
  expect(script.status).toBe(400);
  expect(script.headers.get("cache-control")).toBe("no-store");
  expect(await script.json()).toMatchObject({
    status: "failed",
    reason: "invalid",
    fieldErrors: { name: "required" },
  });
  const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  for (const accept of [browser, "*/*", undefined]) {
    const page = await post(accept, invalid);
    expect(page.status, accept).toBe(400);
    expect(page.headers.get("content-type"), accept).toMatch(/^text\/html/);
  }
  const sent = await post("application/json", { ...visitor, elapsed: "9000" });
  expect(sent.status).toBe(200);
  expect(await sent.json()).toEqual({ status: "sent" });
  // Another text: the same one again within minutes would be the same message.
  const page = await post(browser, { ...visitor, message: `${visitor.message} (2)` });
  expect(page.status).toBe(303);
  expect(page.headers.get("location")).toBe("/ca/contact/sent#contact-sent");
  expect((await readMessages(site.databasePath)).map((row) => row.lang)).toEqual(["ca", "ca"]);
});

test("the form's HTML carries no style attribute, which a strict style-src would refuse", async () => {
  const invalid = await fetch(`${site.url}/en/contact`, {
    method: "POST",
    headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" },
    body: "name=+&email=a%40example.com&message=+",
  });
  expect(invalid.status).toBe(400);
  const pages = [
    await invalid.text(),
    await (await fetch(`${site.url}/en/contact`)).text(),
    await (await fetch(`${site.url}/en/contact/sent`)).text(),
  ];
  for (const html of pages) {
    expect(html).toContain('id="contact-form"');
    expect(html).not.toMatch(/<[^>]+\sstyle="/);
  }
});
