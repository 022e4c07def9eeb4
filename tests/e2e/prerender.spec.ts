// A header link the visitor rests the pointer on is prerendered, and the click shows that
// page at once (how fast: npm run bench:click). Driven with Puppeteer: Chromium prerenders only for DevTools clients that
// attach through tab targets, which Puppeteer does and Playwright does not.
import puppeteer, { type Browser } from "puppeteer-core";
import { localizedPath } from "~/routing/paths";
import { chromiumFlags, chromiumPath } from "../support/chromium";
import { startProxy } from "../support/proxy";
import { expect, test } from "./support";

let browser: Browser;
test.beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags });
});
test.afterAll(async () => {
  await browser?.close();
});

test("a hovered header link is prerendered and shown on the click", async ({ baseURL }) => {
  const target = localizedPath("services", "en");
  // Through a proxy that notes when the browser fetches the page to prerender it.
  let prerenderRequested = false;
  const proxy = await startProxy(baseURL!, {
    onRequest: ({ url, headers }) => {
      if (url === target && /prerender/.test(String(headers["sec-purpose"]))) {
        prerenderRequested = true;
      }
    },
  });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(proxy.url + localizedPath("home", "en"));
    const link = await page.waitForSelector(`nav[aria-label] a[href="${target}"]`);
    await link!.hover();
    await expect.poll(() => prerenderRequested).toBe(true);
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

    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await proxy.stop();
  }
});
