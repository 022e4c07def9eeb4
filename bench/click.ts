// npm run bench (after Lighthouse) — the next click: in Chromium with a slow 4G network, the
// time from a click on a header link to the next page's largest paint, for three page pairs,
// with the site's speculation rules and without them. The visitor rests the pointer on the
// link first, which is what moderate eagerness waits for.
//
// Puppeteer drives Chromium here rather than Playwright: Chromium prerenders only for
// DevTools clients that attach through tab targets, which Puppeteer does and Playwright does
// not (there every attempt ends as "PrerenderingDisabledByDevTools").
//
// "Without" is the same site through a proxy that answers 404 for the rules file, so the page
// script adds no rules (both runs go through the proxy). "With" waits for the page script to
// add the rules (once the page has been painted) before the pointer moves. Reduced motion is
// on: with the page transition, Chromium reports the largest paint when the 200 ms fade-in
// ends, although the page starts to show at once.
import { mkdirSync, writeFileSync } from "node:fs";
import puppeteer, { PredefinedNetworkConditions, type Page } from "puppeteer-core";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import { startProxy } from "#tests/support/proxy.ts";
import { startSite } from "#tests/support/site.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
/** How long the visitor rests the pointer on the link before clicking. */
const hoverMs = 2_000;
const budgetMs = 100;
const pairs: [from: string, linkTo: string][] = [
  ["/en", "/en/services"],
  ["/en/services", "/en/contact"],
  ["/about", "/insights"],
];

type Click = { clickToLcp: number; activationStart: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Waits until the page shows `path`, then returns when its largest paint became visible
 * (a prerendered page that painted before it was shown became visible on activation). An
 * activated prerender swaps the document under the driver, so this asks again until the new
 * document answers, rather than waiting inside the old one.
 */
async function arrival(page: Page, path: string) {
  for (;;) {
    const ready = await page
      .evaluate((p) => location.pathname === p && document.readyState === "complete", path)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return page.evaluate(
    () =>
      new Promise<{ visibleLcpAt: number; activationStart: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const lcp = list.getEntries().at(-1)?.startTime ?? Number.NaN;
          // Prerendering's addition to Navigation Timing, not yet in TypeScript's DOM types.
          const { activationStart } = performance.getEntriesByType(
            "navigation",
          )[0] as PerformanceNavigationTiming & { activationStart: number };
          resolve({
            visibleLcpAt: performance.timeOrigin + Math.max(lcp, activationStart),
            activationStart,
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

async function click(
  page: Page,
  base: string,
  from: string,
  to: string,
  rules: boolean,
): Promise<Click> {
  await page.emulateNetworkConditions(PredefinedNetworkConditions["Slow 4G"]);
  await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "reduce" }]);
  // The click's own time, taken by the page as it dispatches the click.
  let clickedAt = Number.NaN;
  await page.exposeFunction("reportClick", (at: number) => (clickedAt = at));
  await page.goto(base + from, { waitUntil: "load" });
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) =>
        (window as unknown as { reportClick: (at: number) => void }).reportClick(
          performance.timeOrigin + event.timeStamp,
        ),
      { capture: true },
    ),
  );
  if (rules) await page.waitForSelector('script[type="speculationrules"]');
  const link = await page.waitForSelector(`nav[aria-label] a[href="${to}"]`);
  if (!link) throw new Error(`${from} has no header link to ${to}`);
  await link.hover();
  await new Promise((resolve) => setTimeout(resolve, hoverMs));
  await page.mouse.down();
  await page.mouse.up();
  const { visibleLcpAt, activationStart } = await arrival(page, to);
  return { clickToLcp: visibleLcpAt - clickedAt, activationStart };
}

const site = await startSite({ LOG_LEVEL: "warn" });
const proxies = {
  with: await startProxy(site.url),
  without: await startProxy(site.url, { speculationRules: false }),
};
const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags });
const rows: string[] = [];
const failures: string[] = [];
try {
  for (const [from, to] of pairs) {
    const measured = { with: [] as Click[], without: [] as Click[] };
    for (let i = 0; i < runs; i++) {
      for (const mode of ["with", "without"] as const) {
        // A fresh profile each time: nothing cached, nothing prerendered before.
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        // A desktop's width: below 1024 px the header's links are in the menu.
        await page.setViewport({ width: 1280, height: 800 });
        measured[mode].push(await click(page, proxies[mode].url, from, to, mode === "with"));
        await context.close();
      }
    }
    const withMs = median(measured.with.map((m) => m.clickToLcp));
    const withoutMs = median(measured.without.map((m) => m.clickToLcp));
    const prerendered = measured.with.every((m) => m.activationStart > 0);
    console.log(
      `${from} → ${to}: ${Math.round(withMs)} ms with speculation rules, ${Math.round(withoutMs)} ms without`,
    );
    rows.push(
      `| ${from} → ${to} | ${Math.round(withMs)} | ${prerendered ? "yes" : "no"} | ${Math.round(withoutMs)} |`,
    );
    if (!prerendered) failures.push(`${from} → ${to}: not prerendered (activationStart 0)`);
    if (withMs > budgetMs)
      failures.push(`${from} → ${to}: ${Math.round(withMs)} ms > ${budgetMs} ms`);
  }
} finally {
  await browser.close();
  for (const proxy of Object.values(proxies)) await proxy.stop();
  await site.stop();
}

const table = [
  `Click to largest paint, Chromium, slow 4G, after a ${hoverMs / 1000} s hover; medians of ${runs}.`,
  "",
  "| Click | With speculation rules, ms | Prerendered | Without, ms |",
  "| --- | ---: | :---: | ---: |",
  ...rows,
].join("\n");
console.log(`\n${table}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/click.md", table + "\n");
if (failures.length) {
  console.error(`\nBudgets missed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(`\nEvery click reached its largest paint within ${budgetMs} ms.`);
