// npm run bench — Lighthouse (mobile defaults, Debian Chromium) on every page × published
// language, three runs each, against the production server on 127.0.0.1, beside two pages
// of one heading with inline CSS measured in the same run: the bare page (0.3 KB, system font,
// served by `python3 -m http.server`, with no headers of ours), which the budgets compare
// with, and the reference page served by our own server. Prints a Markdown table, writes
// JSON, and exits non-zero when a budget is missed.
//
// BENCH_BASELINE_BUILD=<folder> measures a second build of the site (say, main's, built into
// build-main) in the same run, URL by URL beside this one, served by that build's own server
// code: a before/after comparison under the same load.
//
// Lighthouse drives Chromium's headless shell: the same engine as the desktop browser,
// without the desktop browser's own interface. That interface runs pages of its own (a
// "WebUI Top Renderer" process running chrome:// scripts) while the page loads; on two cores
// they took CPU from the page and put 75-150 ms of simulated blocking time on the bare
// reference page itself, which cost every page a point of its score. Measured on the shell,
// the reference page's blocking time is 0-30 ms.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, headlessShellPath } from "#tests/support/chromium.ts";
import { freePort, startSite } from "#tests/support/site.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import {
  allPagePaths,
  bookingPath,
  defaultLanguage,
  parseLocalizedPath,
} from "#app/routing/paths.ts";
import { startCalendarServer } from "#tests/support/calendar.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.env.BENCH_URLS?.split(",");
const baselineBuild = process.env.BENCH_BASELINE_BUILD;
const KB = 1024;
const budgets = {
  performance: 100,
  /** Largest contentful paint: at most 1.3 times the bare page's in the same run. */
  lcpRatio: 1.3,
  /**
   * Total blocking time: at most 30 ms over the bare page's in the same run. A page without
   * script has one long task here, its first style, layout and paint, four times slowed; a
   * script that runs on load (React hydrating a page, say) adds hundreds.
   */
  tbtOverBare: 30,
  cls: 0,
  jsStatic: 10 * KB,
  jsInteractive: 110 * KB,
  /** Everything a first visit transfers (the form's on-demand script is not part of it). */
  total: 30 * KB,
};
const referencePath = "/bench-reference.html";
const referenceFile = path.resolve("build/client", referencePath.slice(1));
const onePage = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:2rem}h1{font-size:2rem}</style></head><body><h1>${title}</h1></body></html>`;

/** The bare page: one file served by Python's own static server on 127.0.0.1. */
async function startBarePage() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bare-"));
  writeFileSync(path.join(dir, "index.html"), onePage("Bare page"));
  const port = await freePort();
  const server = spawn(
    "python3",
    ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", dir],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch (error) {
      if (tries > 100 || server.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: () => {
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  seoFailures: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  css: number;
  html: number;
  total: number;
  errors: string[];
  /** What stopped Lighthouse measuring the page, if anything did (its scores are then 0). */
  runtimeError?: string;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

async function audit(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const requests = ((audits["network-requests"]?.details as { items?: Record<string, unknown>[] })
    ?.items ?? []) as {
    url: string;
    resourceType?: string;
    transferSize?: number;
    statusCode?: number;
  }[];
  const bytes = (type?: string) =>
    requests
      .filter((r) => !type || r.resourceType === type)
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const seoFailures = (categories["seo"]?.auditRefs ?? [])
    .filter(
      (ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1,
    )
    .map((ref) => ref.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    seoFailures,
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    js: bytes("Script"),
    css: bytes("Stylesheet"),
    html: bytes("Document"),
    total: bytes(),
    errors: requests
      .filter((r) => (r.statusCode ?? 200) >= 400)
      .map((r) => `${r.statusCode} ${r.url}`),
    ...(runtimeError && { runtimeError: `${runtimeError.code}: ${runtimeError.message}` }),
  };
}

execFileSync("npm", ["run", "build"], { stdio: "inherit" });
writeFileSync(referenceFile, onePage("Reference page"));
// The booking page with its calendar: the ICS fixtures, on the tests' clock.
const calendar = await startCalendarServer();
const site = await startSite({
  LOG_LEVEL: "warn",
  ...calendar.settings,
});
const baseline =
  baselineBuild &&
  (await startSite({ LOG_LEVEL: "warn", ...calendar.settings, BUILD_DIR: baselineBuild }));
const bare = await startBarePage();
const chrome = await chromeLauncher.launch({
  chromePath: headlessShellPath,
  chromeFlags: chromiumFlags,
});

// Every registry page (the insights lists among them) and the newest article of each language.
const newestArticles = [
  ...new Map(
    (await loadInsights()).toReversed().map((article) => [article.lang, article.path]),
  ).values(),
];
const urls = [...allPagePaths(), ...newestArticles, bookingPath(defaultLanguage)].filter(
  (url) => !only || only.includes(url),
);
type Measured = { url: string; site: "bare" | "reference" | "this" | "baseline"; runs: Run[] };
const results: Measured[] = [];
async function measure(label: Measured["site"], url: string, address: string) {
  const measured: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await audit(chrome.port, address);
    if (run.runtimeError) console.log(`${url}: run ${i + 1} not measured: ${run.runtimeError}`);
    measured.push(run);
  }
  results.push({ url, site: label, runs: measured });
  const m = (key: keyof Run) => median(measured.map((r) => r[key] as number));
  console.log(
    `${url}${label === "baseline" ? " (baseline)" : ""}: performance ${m("performance")}, LCP ${Math.round(m("lcp"))} ms, TBT ${Math.round(m("tbt"))} ms`,
  );
}
try {
  await measure("bare", "bare page", bare.url);
  await measure("reference", referencePath, site.url + referencePath);
  for (const url of urls) {
    await measure("this", url, site.url + url);
    if (baseline) await measure("baseline", url, baseline.url + url);
  }
} finally {
  chrome.kill();
  bare.stop();
  await site.stop();
  if (baseline) await baseline.stop();
  await calendar.close();
  rmSync(referenceFile, { force: true });
}

const medianOf = (label: Measured["site"], key: keyof Run) =>
  median(results.find((r) => r.site === label)?.runs.map((r) => r[key] as number) ?? []);
const bareLcp = medianOf("bare", "lcp");
const bareTbt = medianOf("bare", "tbt");
const referenceLcp = medianOf("reference", "lcp");
const referenceTbt = medianOf("reference", "tbt");
const failures: string[] = [];
const pages = results.filter((r) => r.site === "this" || r.site === "baseline");
const rows = pages.map(({ url, site: label, runs: measured }) => {
  const m = (key: keyof Run) => median(measured.map((r) => r[key] as number));
  const s = (key: keyof Run) => spread(measured.map((r) => r[key] as number));
  const { page } = parseLocalizedPath(url);
  const interactive = page === "contact" || url === bookingPath(defaultLanguage);
  const ratio = m("lcp") / bareLcp;
  const jsBudget = interactive ? budgets.jsInteractive : budgets.jsStatic;
  // Budgets hold for this build; a baseline is there to compare with.
  const check = (ok: boolean, message: string) =>
    ok || label === "baseline" || failures.push(`${url}: ${message}`);
  check(
    m("performance") >= budgets.performance,
    `performance ${m("performance")} < ${budgets.performance}`,
  );
  check(
    ratio <= budgets.lcpRatio,
    `LCP ${ratio.toFixed(2)}× the bare page's > ${budgets.lcpRatio}×`,
  );
  check(
    m("tbt") <= bareTbt + budgets.tbtOverBare,
    `TBT ${Math.round(m("tbt"))} ms > the bare page's ${Math.round(bareTbt)} + ${budgets.tbtOverBare} ms`,
  );
  check(m("cls") <= budgets.cls, `CLS ${m("cls")} > ${budgets.cls}`);
  check(m("js") <= jsBudget, `JS ${(m("js") / KB).toFixed(1)} KB > ${jsBudget / KB} KB`);
  check(
    m("total") <= budgets.total,
    `total ${(m("total") / KB).toFixed(1)} KB > ${budgets.total / KB} KB`,
  );
  check(
    measured.every((r) => r.errors.length === 0),
    `requests failed: ${measured.flatMap((r) => r.errors).join(", ")}`,
  );
  const seoFailures = [...new Set(measured.flatMap((r) => r.seoFailures))];
  check(seoFailures.length === 0, `SEO audits failed: ${seoFailures.join(", ")}`);
  return {
    url: label === "baseline" ? `${url} (baseline)` : url,
    performance: `${m("performance")} (±${s("performance")})`,
    accessibility: m("accessibility"),
    bestPractices: m("bestPractices"),
    seo: m("seo"),
    fcp: `${Math.round(m("fcp"))} (±${Math.round(s("fcp"))})`,
    lcp: `${Math.round(m("lcp"))} (±${Math.round(s("lcp"))})`,
    ratio: ratio.toFixed(2),
    referenceRatio: (m("lcp") / referenceLcp).toFixed(2),
    tbt: Math.round(m("tbt")),
    tbtOverBare: Math.round(m("tbt") - bareTbt),
    cls: m("cls"),
    js: (m("js") / KB).toFixed(1),
    css: (m("css") / KB).toFixed(1),
    html: (m("html") / KB).toFixed(1),
    total: (m("total") / KB).toFixed(1),
  };
});

const table = [
  `Lighthouse ${runs}× per URL (mobile defaults), medians (± spread). Bare page (python3 -m http.server) LCP: ${Math.round(bareLcp)} ms, TBT: ${Math.round(bareTbt)} ms; reference page (our server) LCP: ${Math.round(referenceLcp)} ms, TBT: ${Math.round(referenceTbt)} ms. Bytes are transferred (brotli), in KB.`,
  "",
  "| URL | Perf | A11y | BP | SEO | FCP ms | LCP ms | LCP ÷ bare | LCP ÷ ref | TBT ms | TBT − bare | CLS | JS | CSS | HTML | Total |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.url} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.ratio} | ${r.referenceRatio} | ${r.tbt} | ${r.tbtOverBare} | ${r.cls} | ${r.js} | ${r.css} | ${r.html} | ${r.total} |`,
  ),
].join("\n");
console.log(`\n${table}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/lighthouse.md", table + "\n");
writeFileSync(
  "bench-results/lighthouse.json",
  JSON.stringify(
    { date: new Date().toISOString(), runs, bareLcp, referenceLcp, budgets, results },
    null,
    2,
  ),
);
if (failures.length) {
  console.error(`\nBudgets missed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("\nAll page budgets met.");
