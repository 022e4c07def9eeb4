// docs/weekly-report.png: the weekly report e-mail's HTML, rendered in Chromium, with example
// figures (four weeks of a small consultancy's site), for the README.
//   npm run screenshots:report
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { siteConfig } from "#app/config/site.ts";
import { addDays } from "#app/stats/calendar.ts";
import { buildReport } from "#app/stats/report.ts";
import { reportHtml } from "#app/stats/report-mail.ts";
import type { DailyCount, Metric } from "#app/stats/store.server.ts";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";

const from = "2026-11-16";
const to = "2026-11-22";
/** A week's rows: each figure spread over the days by a fixed weekday pattern. */
function week(start: string, scale: number): DailyCount[] {
  const pattern = [1.2, 1.3, 1.1, 1.0, 0.9, 0.4, 0.3];
  const rows: DailyCount[] = [];
  const add = (metric: Metric, key: string, lang: string, perWeek: number) =>
    pattern.forEach((share, day) => {
      const count = Math.round((perWeek * scale * share) / 6.2);
      if (count > 0) rows.push({ day: addDays(start, day), metric, key, lang, count });
    });
  add("view", "home", "es", 310);
  add("view", "services", "es", 190);
  add("view", "/insights/donde-empezar-a-automatizar", "es", 150);
  add("view", "contact", "es", 70);
  add("view", "home", "en", 95);
  add("view", "services", "en", 60);
  add("view", "about", "ca", 40);
  add("entry", "home", "es", 260);
  add("entry", "/insights/donde-empezar-a-automatizar", "es", 90);
  add("entry", "home", "en", 70);
  add("source", "(direct)", "", 170);
  add("source", "google.es", "", 150);
  add("source", "linkedin", "", 60);
  add("source", "google.com", "", 25);
  add("source", "bing.com", "", 15);
  add("campaign", "linkedin / social / automatizacion-pymes", "", 60);
  add("device", "desktop", "", 250);
  add("device", "phone", "", 155);
  add("device", "tablet", "", 15);
  add("notFound", "/wp-login.php", "", 40);
  add("notFound", "/en/service", "", 7);
  add("message", "", "es", 9);
  add("message", "", "en", 3);
  return rows;
}

const report = buildReport({ from, to }, week(from, 1), week(addDays(from, -7), 0.85), 10);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage({
    viewport: { width: 700, height: 900 },
    deviceScaleFactor: 1,
  });
  await page.setContent(reportHtml(report, siteConfig.name));
  mkdirSync("docs", { recursive: true });
  await page.screenshot({ path: "docs/weekly-report.png", fullPage: true });
  console.log("docs/weekly-report.png");
} finally {
  await browser.close();
}
