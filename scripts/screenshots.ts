// Every page as a picture: full-page PNGs of every URL at 390 and 1440 px, light and dark,
// plus one contact sheet (an HTML page of thumbnails) per language.
//   npm run screenshots [-- --filter /en]     (builds first when there is no build)
//   --filter takes comma-separated beginnings, or whole URLs ending in $: --filter /$,/en/book
//   --no-calendar                             the booking page as it is without a calendar
//   --out DIR                                 another folder than screenshots/
// Writes to screenshots/ (git-ignored). Uses the production server and Debian's Chromium.
//   npm run screenshots -- --docs             the README's first-screen pictures, docs/screenshots/
// A build of other content: the same settings as its build, e.g. BUILD_DIR=build-x
// INSIGHTS_DIR=tests/fixtures/insights CASE_STUDIES_DIR=tests/fixtures/case-studies
// PEOPLE_DIR=tests/fixtures/people npm run screenshots -- --filter /case-studies
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { settings } from "#app/config/settings.server.ts";
import { loadCaseStudies } from "#app/content/collections.server.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import {
  allPagePaths,
  askPath,
  bookingPath,
  localizedPath,
  parseLocalizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import { startCalendarServer } from "#tests/support/calendar.ts";
import { startSite } from "#tests/support/site.ts";

const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const outDir = path.resolve(option("--out") ?? "screenshots");
const widths = [390, 1440] as const;
const schemes = ["light", "dark"] as const;
const filters = option("--filter")?.split(",");

/** The README's pictures: first screens only, desktop ones at half scale to stay small. */
const docShots = [
  { file: "home-desktop-light.png", url: "/en", width: 1440, height: 900, scheme: "light" },
  { file: "home-desktop-dark.png", url: "/en", width: 1440, height: 900, scheme: "dark" },
  { file: "services-phone-dark.png", url: "/en/services", width: 390, height: 844, scheme: "dark" },
  { file: "home-phone-light.png", url: "/en", width: 390, height: 844, scheme: "light" },
] as const;

if (!existsSync(path.join(settings.build.BUILD_DIR, "server/index.js"))) {
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

/** The settled page, as a visitor sees it once the entry animations have run. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
}

/** A URL as a file name; a question in it (/ask?q=…) in plain letters. */
const fileName = (url: string, width: number, scheme: string) => {
  const [pathname = "", query] = url.split("?");
  const question = query
    ? `-${(new URLSearchParams(query).get("q") ?? "")
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .replace(/[^A-Za-z0-9]+/g, " ")
        .trim()
        .replaceAll(" ", "-")
        .toLowerCase()}`
    : "";
  const name = pathname === "/" ? "home" : pathname.slice(1).replaceAll("/", "-");
  return `${name}${question}-${width}-${scheme}.png`;
};

/** /ask empty, with a question its pages answer, and (in Spanish) one it hands over to a person. */
const askQuestions: Record<string, string[]> = {
  es: ["¿Cuánto tarda un proyecto?", "¿Quién ganó el partido de fútbol ayer?"],
  en: ["How long does a project take?"],
  ca: ["Quant triga un projecte?"],
  de: ["Wie lange dauert ein Projekt?"],
};
const askUrls = publishedLanguages().flatMap((lang) => [
  askPath(lang),
  ...(askQuestions[lang] ?? []).map((q) => `${askPath(lang)}?q=${encodeURIComponent(q)}`),
]);

const articlePaths = (await loadInsights()).map((article) => article.path);
// The case studies' list exists only with entries: the build knows, Node alone does not.
const { caseStudies } = await loadCaseStudies();
const caseStudyPaths = caseStudies.length
  ? [
      ...publishedLanguages().map((lang) => localizedPath("caseStudies", lang)),
      ...caseStudies.map((study) => study.path),
    ]
  : [];
const urls = [
  ...allPagePaths(),
  ...publishedLanguages().map(bookingPath),
  ...askUrls,
  ...caseStudyPaths,
  ...articlePaths,
  "/en/no-such-page",
].filter(
  (url) =>
    !filters ||
    filters.some((filter) =>
      filter.endsWith("$") ? url === filter.slice(0, -1) : url.startsWith(filter),
    ),
);
// The booking page with free slots: the calendar fixtures, on their week (or no calendar).
const calendar = process.argv.includes("--no-calendar") ? undefined : await startCalendarServer();
// Every width and scheme asks /ask again: more than a visitor's share of questions.
const site = await startSite({ ...calendar?.settings, ASK_RATE_LIMIT_MAX: "1000" });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

if (process.argv.includes("--docs")) {
  const docsDir = path.resolve("docs/screenshots");
  mkdirSync(docsDir, { recursive: true });
  try {
    for (const shot of docShots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.width > 800 ? 0.5 : 1,
        colorScheme: shot.scheme,
      });
      const page = await context.newPage();
      await page.goto(site.url + shot.url, { waitUntil: "networkidle" });
      await settle(page);
      await page.screenshot({ path: path.join(docsDir, shot.file) });
      await context.close();
    }
  } finally {
    await browser.close();
    await site.stop();
    await calendar?.close();
  }
  console.log(`${docShots.length} screenshots in ${docsDir}`);
  process.exit(0);
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
try {
  for (const scheme of schemes) {
    for (const width of widths) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        colorScheme: scheme,
      });
      const page = await context.newPage();
      for (const url of urls) {
        await page.goto(site.url + url, { waitUntil: "networkidle" });
        await settle(page);
        await page.screenshot({
          path: path.join(outDir, fileName(url, width, scheme)),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await site.stop();
  await calendar?.close();
}

// One contact sheet per language: every page in each width and scheme, side by side.
for (const lang of publishedLanguages()) {
  const own = urls.filter((url) => parseLocalizedPath(url).lang === lang);
  if (!own.length) continue;
  const rows = own
    .map((url) => {
      const cells = schemes
        .flatMap((scheme) => widths.map((width) => fileName(url, width, scheme)))
        .map((file) => `<a href="${file}"><img src="${file}" alt="${file}" loading="lazy"></a>`)
        .join("");
      return `<section><h2>${url}</h2><div>${cells}</div></section>`;
    })
    .join("\n");
  writeFileSync(
    path.join(outDir, `contact-sheet-${lang}.html`),
    `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>Screenshots (${lang})</title>` +
      `<style>body{font:14px system-ui;margin:24px}div{display:flex;gap:12px;align-items:flex-start}` +
      `img{width:180px;border:1px solid #ccc}section{margin-bottom:24px}</style>\n${rows}</html>\n`,
  );
}
console.log(`${urls.length * widths.length * schemes.length} screenshots in ${outDir}`);
