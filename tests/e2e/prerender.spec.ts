// A header link the visitor rests the pointer on is prerendered, the click shows that page at
// once (how fast: npm run bench:click), and the visit is counted once, on activation. Driven
// with Puppeteer: Chromium prerenders only for DevTools clients that attach through tab
// targets, which Puppeteer does and Playwright does not.
import puppeteer, { type Browser } from "puppeteer-core";
import { localizedPath } from "#app/routing/paths.ts";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import { startProxy } from "#tests/support/proxy.ts";
import { startSite } from "#tests/support/site.ts";
import { desktopUserAgent, statsOf } from "#tests/support/stats.ts";
import { expect, test } from "#tests/e2e/support.ts";

let browser: Browser;
test.beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags });
});
test.afterAll(async () => {
  await browser?.close();
});

test("a hovered header link is prerendered, shown on the click and counted once", async () => {
  const site = await startSite({ STATS_FLUSH_SECONDS: "0.1", STATS_WEEKLY_REPORT: "false" });
  const home = localizedPath("home", "en");
  const target = localizedPath("services", "en");
  // Through a proxy that notes when the browser fetches the page to prerender it.
  let prerenderRequested = false;
  let beacons = 0;
  const proxy = await startProxy(site.url, {
    onRequest: ({ url, headers }) => {
      if (url === target && /prerender/.test(String(headers["sec-purpose"]))) {
        prerenderRequested = true;
      }
      if (url === "/api/view") beacons++;
    },
  });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setUserAgent({ userAgent: desktopUserAgent });
    // A desktop's width: below 1024 px the header's links are in the menu.
    await page.setViewport({ width: 1280, height: 800 });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(proxy.url + home);
    await expect.poll(() => beacons).toBe(1);
    // The page script adds the rules once the page has been painted.
    await page.waitForSelector('script[type="speculationrules"]');
    const link = await page.waitForSelector(`nav[aria-label] a[href="${target}"]`);
    await link!.hover();
    await expect.poll(() => prerenderRequested).toBe(true);
    // Prerendered, not yet shown: its visit is not counted yet.
    expect(beacons).toBe(1);
    await page.mouse.down();
    await page.mouse.up();

    // The activated page replaces the document under the driver: ask until it answers.
    const shown = async () =>
      page
        .evaluate(() => ({
          path: location.pathname,
          activationStart: (
            performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
              activationStart: number;
            }
          ).activationStart,
        }))
        .catch(() => undefined);
    await expect.poll(async () => (await shown())?.path).toBe(target);
    expect((await shown())?.activationStart).toBeGreaterThan(0);
    await expect.poll(() => beacons).toBe(2);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await proxy.stop();
    await site.stop();
  }

  // Both pages once: the home page by its request, the prerendered one by its beacon.
  const report = await statsOf(site.databasePath);
  expect(Object.fromEntries(report.pages.map((row) => [row.key, row.value]))).toEqual({
    [home]: 1,
    [target]: 1,
  });
});
