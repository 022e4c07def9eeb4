import { DatabaseSync } from "node:sqlite";
import { startCalendarServer } from "#tests/support/calendar.ts";
import { postForm, readMessages, startSite, type Site } from "#tests/support/site.ts";
import { desktopUserAgent, statsOf } from "#tests/support/stats.ts";
import { expect, test, translator } from "#tests/e2e/support.ts";

// `npm run dev` as a developer runs it: the production server's wiring (contact, booking, the
// visit beacon, the content editor, redirects, headers) with Vite as middleware, on PORT.
let site: Site;
let calendar: Awaited<ReturnType<typeof startCalendarServer>>;
test.describe.configure({ mode: "serial" });
// The booking page shows its times in the visitor's zone; the calendar's are Madrid's.
test.use({ timezoneId: "Europe/Madrid" });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  calendar = await startCalendarServer();
  site = await startSite(
    {
      ...calendar.settings,
      STATS_FLUSH_SECONDS: "0.1",
      RATE_LIMIT_MAX: "100",
      CONTACT_MIN_FILL_SECONDS: "0",
      LOG_LEVEL: "info",
    },
    { dev: true },
  );
});
test.afterAll(async () => {
  await site?.stop();
  await calendar?.close();
});

const slot = Date.parse("2027-03-29T07:00:00Z");

test("listens on PORT and answers the form, the booking, the beacon and the editor as in production", async () => {
  expect(site.output()).toContain(`Serving on http://127.0.0.1:${site.port}`);
  // Vite serves the modules: this is the development server, not a build.
  const client = await fetch(`${site.url}/@vite/client`);
  expect(client.status).toBe(200);
  expect(await client.text()).toContain("[vite] connected.");

  const contact = await postForm(site.url, "/en/contact", {
    name: "Aina Serra",
    email: "aina@example.es",
    message: "Hola des de development",
    elapsed: "8000",
  });
  expect(contact.status).toBe(200);
  expect(contact.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await contact.json()).toMatchObject({ status: "sent" });
  expect(await readMessages(site.databasePath)).toEqual([
    expect.objectContaining({ name: "Aina Serra", lang: "en", message: "Hola des de development" }),
  ]);

  const page = await fetch(`${site.url}/en/book?day=2027-03-29`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(translator("en")("booking.title"));
  const booking = await postForm(site.url, "/en/book", {
    name: "Marta Ferrer",
    email: "marta@example.es",
    company: "",
    topic: "A first call",
    slot: String(slot),
  });
  expect(booking.status).toBe(200);
  expect(await booking.json()).toMatchObject({ status: "booked" });

  const beacon = await fetch(`${site.url}/api/view`, {
    method: "POST",
    headers: {
      "user-agent": desktopUserAgent,
      "content-type": "text/plain;charset=UTF-8",
      "sec-fetch-site": "same-origin",
    },
    body: JSON.stringify({ path: "/ca/contact", referrer: "", speculated: true }),
  });
  expect(beacon.status).toBe(204);
  // The beacon's method check, as in production.
  expect((await fetch(`${site.url}/api/view`)).status).toBe(405);

  // The editor: /admin/ is sent to /admin, its page and configuration with their own policy.
  const admin = await fetch(`${site.url}/admin/`, { redirect: "manual" });
  expect(admin.status).toBe(301);
  expect(admin.headers.get("location")).toBe("/admin");
  const editor = await fetch(`${site.url}/admin`);
  expect(editor.status).toBe(200);
  expect(editor.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(editor.headers.get("content-security-policy")).toContain("script-src 'self'");
  expect(await editor.text()).toMatch(/<script type="module"[^>]* src="\/admin\/assets\//);
  expect((await fetch(`${site.url}/admin/config.json`)).status).toBe(200);

  // Redirects, refused methods and the pages' headers come from the same server.
  const slash = await fetch(`${site.url}/en/about/`, { redirect: "manual" });
  expect([slash.status, slash.headers.get("location")]).toEqual([301, "/en/about"]);
  expect((await fetch(`${site.url}/en/about`, { method: "DELETE" })).status).toBe(405);
  const about = await fetch(`${site.url}/en/about`);
  expect(about.status).toBe(200);
  expect(about.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  expect(about.headers.get("x-frame-options")).toBe("DENY");
  expect((await fetch(`${site.url}/en/about.data`)).status).toBe(200);
  expect((await fetch(`${site.url}/en/no-such-page`)).status).toBe(404);
  expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
});

test("in the browser: the contact form sends and hot reload connects, with no error or refused script", async ({
  page,
  consoleMessages,
}) => {
  const t = translator("en");
  await page.goto(`${site.url}/en/contact`);
  await page.getByLabel(t("contact.form.name"), { exact: true }).fill("Joan Pons");
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  await page.getByLabel(t("contact.form.email"), { exact: true }).fill("joan@example.es");
  await page.getByLabel(t("contact.form.message"), { exact: true }).fill("Una prova");
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
  await expect(page).toHaveURL(`${site.url}/en/contact`);
  // Vite's client says so once its connection for hot reload is open (on the same port).
  await expect.poll(() => consoleMessages).toContainEqual("debug: [vite] connected.");
  expect((await readMessages(site.databasePath)).map((row) => row.name)).toContain("Joan Pons");
});

test("in the browser: the booking page offers the calendar's free slots", async ({ page }) => {
  const t = translator("en");
  await page.goto(`${site.url}/en/book?day=2027-03-30`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("booking.title"));
  await expect(
    page.getByRole("button", { name: t("booking.chooseSlot", { time: "09:00" }) }),
  ).toBeVisible();
});

test("stopped, it has written the beacon's visit and the booking", async () => {
  await site.stop();
  expect(site.output()).toMatch(/SIGTERM: stopping\nStopped\n/);
  const report = await statsOf(site.databasePath);
  expect(report.pages.map((row) => [row.key, row.value])).toEqual([["/ca/contact", 1]]);
  const db = new DatabaseSync(site.databasePath, { readOnly: true });
  try {
    const rows = db.prepare("SELECT start_at, status FROM bookings").all();
    expect(rows).toEqual([{ start_at: slot, status: "booked" }]);
  } finally {
    db.close();
  }
});
