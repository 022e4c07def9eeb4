import { DatabaseSync } from "node:sqlite";
import { expect, test, type Page } from "@playwright/test";
import type { Report } from "#app/stats/report.ts";
import { startPostgres } from "#tests/support/postgres.ts";
import { startSite, type Site } from "#tests/support/site.ts";
import { desktopUserAgent, statsOf } from "#tests/support/stats.ts";
import type { Language } from "#app/config/site.ts";
import { localizedPath } from "#app/routing/paths.ts";

// The visit counts end to end: real browsers and requests against the production server,
// then `npm run stats -- --json` on its database.

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const googlebot =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.0.0 Safari/537.36";

const statsEnv = { STATS_FLUSH_SECONDS: "0.1", STATS_WEEKLY_REPORT: "false" };

/** The figures of a list as { key: count }. */
const counts = (rows: Report["pages"]) =>
  Object.fromEntries(rows.map((row) => [row.key, row.value]));

/** Navigates and waits until the page's beacon has been answered. */
async function visit(page: Page, url: string, options: { referer?: string } = {}) {
  const beacon = page.waitForResponse("**/api/view");
  await page.goto(url, options);
  return (await beacon).request().postDataJSON() as { speculated: boolean };
}

/** Messages sent so far: each text differs, as a repeat within minutes would be one message. */
let messagesSent = 0;

/** A message as the form's script sends it: to the contact page, asking for JSON. */
const message = (site: Site, name: string, lang: Language, extra: Record<string, string> = {}) =>
  fetch(`${site.url}${localizedPath("contact", lang)}`, {
    method: "POST",
    headers: {
      origin: site.url,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      name,
      email: "persona@example.com",
      message: `Hola, querría un presupuesto (${++messagesSent}).`,
      elapsed: "9000",
      ...extra,
    }),
  });

test("a person's pages, entries, sources, campaign, device, 404 and message are counted once; bots, GPC and an unopened prefetch are not", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const site = await startSite(statsEnv);
  try {
    const person = await browser.newContext({ userAgent: desktopUserAgent, baseURL: site.url });
    const page = await person.newPage();
    // A direct visit to the home page, then a link the site's speculation rules fetch ahead
    // on hover: the server does not count that request (Sec-Purpose), the beacon of the
    // opened page does, saying it was speculated.
    expect((await visit(page, "/")).speculated).toBe(false);
    // The page script adds the rules once the page has been painted.
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
    const services = page.locator('header a[href="/services"]').first();
    const ahead = page.waitForRequest(
      (request) =>
        request.url().endsWith("/services") &&
        /prefetch/.test(request.headers()["sec-purpose"] ?? ""),
    );
    await services.hover();
    await ahead;
    const beacon = page.waitForResponse("**/api/view");
    await services.click();
    expect((await beacon).request().postDataJSON()).toMatchObject({
      path: "/services",
      speculated: true,
    });
    // From a campaign link, and from a search engine.
    await visit(page, "/en/services?utm_source=LinkedIn&utm_medium=social&utm_campaign=winter");
    await visit(page, "/about", { referer: "https://www.google.es/" });
    // A page fetched ahead and never opened.
    const prefetch = await person.request.get("/brands", {
      headers: { "Sec-Purpose": "prefetch", "User-Agent": desktopUserAgent },
    });
    expect(prefetch.status()).toBe(200);
    // A broken link.
    await page.goto("/no-such-page");

    const phone = await browser.newContext({ userAgent: iphone, baseURL: site.url });
    await visit(await phone.newPage(), "/en");

    const bot = await browser.newContext({ userAgent: googlebot, baseURL: site.url });
    const botPage = await bot.newPage();
    await visit(botPage, "/");
    await visit(botPage, "/en/about");
    const private_ = await browser.newContext({
      userAgent: desktopUserAgent,
      baseURL: site.url,
      extraHTTPHeaders: { "Sec-GPC": "1" },
    });
    await visit(await private_.newPage(), "/ca");

    expect((await message(site, "Ana", "en")).status).toBe(200);
    // A bot's message (honeypot filled) is kept as spam, and not counted.
    expect((await message(site, "Bot", "es", { website: "http://spam.example" })).status).toBe(200);

    await Promise.all([person, phone, bot, private_].map((context) => context.close()));
    // SIGTERM writes the counts still in memory.
    expect(await site.stop()).toBe(0);

    const report = await statsOf(site.databasePath);
    expect(report.totals.pageViews.value).toBe(5);
    expect(report.totals.visits.value).toBe(4);
    expect(report.totals.messages.value).toBe(1);
    expect(report.totals.conversion.value).toBe(0.25);
    expect(counts(report.pages)).toEqual({
      "/": 1,
      "/services": 1,
      "/en/services": 1,
      "/about": 1,
      "/en": 1,
    });
    expect(counts(report.sources)).toEqual({ "(direct)": 2, linkedin: 1, "google.es": 1 });
    expect(counts(report.campaigns)).toEqual({ "linkedin / social / winter": 1 });
    expect(counts(report.devices)).toEqual({ desktop: 3, phone: 1 });
    expect(counts(report.languages)).toEqual({ es: 3, en: 2 });
    expect(counts(report.notFound)).toEqual({ "/no-such-page": 1 });

    // Every table the counting writes holds day totals and names only: no address, no
    // user agent, no cookie, no identifier of any kind.
    const db = new DatabaseSync(site.databasePath, { readOnly: true });
    try {
      const columns = (table: string) =>
        (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      expect(columns("stats_daily")).toEqual(["day", "metric", "key", "lang", "count"]);
      expect(columns("stats_reports")).toEqual(["week", "claimed_by", "lease_until", "sent_at"]);
      const tables = (
        db
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'stats%'`)
          .all() as {
          name: string;
        }[]
      ).map((t) => t.name);
      expect(tables.sort()).toEqual(["stats_daily", "stats_reports"]);
      const text = JSON.stringify(
        tables.map((table) => db.prepare(`SELECT * FROM ${table}`).all()),
      );
      for (const identifying of [
        /127\.0\.0\.1/,
        /\b\d{1,3}(\.\d{1,3}){3}\b/,
        /::1|[0-9a-f]{1,4}(:[0-9a-f]{1,4}){3,}/i,
        /mozilla|applewebkit|iphone|googlebot|chrome/i,
        /persona@example\.com|ana/i,
        /lang=|cookie/i,
        /[0-9a-f]{16,}/i,
      ]) {
        expect(text, String(identifying)).not.toMatch(identifying);
      }
      const rows = db
        .prepare("SELECT metric, count(*) AS n FROM stats_daily GROUP BY metric")
        .all();
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  } finally {
    await site.stop();
  }
});

test("two servers on one PostgreSQL database add up, requests and beacons alike", async () => {
  test.setTimeout(120_000);
  const postgres = await startPostgres();
  try {
    const database = await postgres.createDatabase();
    // Behind a proxy on loopback, so that each round's beacon comes from a visitor of its own
    // (X-Forwarded-For): a speculated page counts once per client and path in a while.
    const sites = await Promise.all(
      [0, 1].map(() => startSite({ ...statsEnv, DATABASE_URL: database, TRUST_PROXY: "loopback" })),
    );
    try {
      const get = (site: Site, path: string, headers: Record<string, string> = {}) =>
        fetch(site.url + path, {
          headers: { "user-agent": desktopUserAgent, "sec-fetch-dest": "document", ...headers },
        });
      const beacon = (site: Site, body: object, client = "198.51.100.1") =>
        fetch(`${site.url}/api/view`, {
          method: "POST",
          headers: {
            "user-agent": desktopUserAgent,
            "content-type": "text/plain;charset=UTF-8",
            "sec-fetch-site": "same-origin",
            "x-forwarded-for": client,
          },
          body: JSON.stringify(body),
        });
      for (let i = 0; i < 10; i++) {
        const site = sites[i % 2]!;
        expect(
          (await get(site, "/en/services?utm_source=newsletter&utm_campaign=nov")).status,
        ).toBe(200);
        expect((await get(site, "/en/about", { referer: `${site.url}/en/services` })).status).toBe(
          200,
        );
        // Opened after a prerender: the fetch ahead is not counted, the beacon is.
        expect(
          (await get(site, "/ca/contact", { "sec-purpose": "prefetch;prerender" })).status,
        ).toBe(200);
        expect(
          (
            await beacon(
              site,
              { path: "/ca/contact", referrer: `${site.url}/en/about`, speculated: true },
              `198.51.100.${i}`,
            )
          ).status,
        ).toBe(204);
        // The page's ordinary beacon: the server counted its request already.
        expect(
          (await beacon(site, { path: "/en/about", referrer: "", speculated: false })).status,
        ).toBe(204);
        expect((await get(site, "/missing", { "user-agent": iphone })).status).toBe(404);
      }
      // One client posting the same speculated beacon again and again adds nothing more.
      for (let i = 0; i < 50; i++) {
        const body = { path: "/ca/contact", referrer: "", speculated: true };
        expect((await beacon(sites[0]!, body, "198.51.100.0")).status).toBe(204);
      }
      for (const site of sites) expect((await message(site, "Joan", "ca")).status).toBe(200);
      expect(await Promise.all(sites.map((site) => site.stop()))).toEqual([0, 0]);

      const report = await statsOf(database);
      expect(counts(report.pages)).toEqual({
        "/en/services": 10,
        "/en/about": 10,
        "/ca/contact": 10,
      });
      expect(report.totals.visits.value).toBe(10);
      expect(counts(report.sources)).toEqual({ newsletter: 10 });
      expect(counts(report.campaigns)).toEqual({ "newsletter / - / nov": 10 });
      expect(counts(report.notFound)).toEqual({ "/missing": 10 });
      expect(counts(report.languages)).toEqual({ en: 20, ca: 10 });
      expect(report.totals.messages.value).toBe(2);
      const stored = await postgres.sql(database, "SELECT * FROM stats_daily");
      expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|mozilla|iphone/i);
    } finally {
      await Promise.all(sites.map((site) => site.stop()));
    }
  } finally {
    await postgres.stop();
  }
});
