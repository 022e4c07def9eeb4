// Prints the JavaScript, CSS and HTML bytes (gzip) each prerendered page loads on a first
// visit, and exits non-zero when a page is over its JavaScript budget.
//   node scripts/size.js [--json]     (reads $BUILD_DIR, default ./build)
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { settings } from "#app/config/settings.server.ts";

const KB = 1024;
/** Interactive pages (the contact form) may hydrate; every other page stays almost script-free. */
const budgets = { interactive: 110 * KB, static: 10 * KB };
/** Everything a first visit to a page without the form downloads: HTML, scripts, the headings font. */
const firstVisitBudget = 30 * KB;
/** @param {string} url */
const isInteractive = (url) => /(^|\/)contact$/.test(url);

const clientDir = path.resolve(settings.build.BUILD_DIR, "client");
/** @param {string | Buffer} text */
const gzipSize = (text) => gzipSync(text, { level: 9 }).length;

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "assets" ? [] : htmlFiles(file);
    return name === "index.html" ? [file] : [];
  });
}

/** @param {string} html @param {RegExp} pattern @returns {string[]} */
function attributeValues(html, pattern) {
  return [...html.matchAll(pattern)].map((match) => match[1] ?? "");
}

/**
 * A module and everything it imports statically, as URLs.
 * @param {string} href @param {Set<string>} [seen] @returns {Set<string>}
 */
function moduleGraph(href, seen = new Set()) {
  if (seen.has(href)) return seen;
  seen.add(href);
  const code = readFileSync(path.join(clientDir, href), "utf8");
  for (const relative of attributeValues(code, /(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
    moduleGraph(path.posix.join(path.posix.dirname(href), relative), seen);
  }
  return seen;
}

/** @param {string} file */
export function measurePage(file) {
  const html = readFileSync(file, "utf8");
  const url = "/" + path.relative(clientDir, path.dirname(file)).split(path.sep).join("/");
  const scriptFiles = new Set([
    ...attributeValues(html, /<script[^>]*\ssrc="([^"]+)"/g),
    ...attributeValues(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ]);
  const styleFiles = attributeValues(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  // Executable inline scripts only: JSON data blocks (structured data, island props) are not code.
  const inlineScripts = attributeValues(
    html,
    /<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
  );
  const inlineStyles = attributeValues(html, /<style[^>]*>([\s\S]*?)<\/style>/g);
  /** @param {string} href */
  const read = (href) => readFileSync(path.join(clientDir, href));
  // An island's script loads when the visitor reaches for it: count it and all it imports.
  for (const href of attributeValues(inlineScripts.join("\n"), /import\("([^"]+)"\)/g)) {
    for (const file of moduleGraph(href)) scriptFiles.add(file);
  }
  const js =
    [...scriptFiles].reduce((sum, href) => sum + gzipSize(read(href)), 0) +
    (inlineScripts.length ? gzipSize(inlineScripts.join("\n")) : 0);
  const css =
    styleFiles.reduce((sum, href) => sum + gzipSize(read(href)), 0) +
    (inlineStyles.length ? gzipSize(inlineStyles.join("\n")) : 0);
  // The font files the inline stylesheet names for Basic Latin (the rest load only for
  // headings that need them); already compressed, so counted as they are.
  const fonts = inlineStyles
    .join("\n")
    .matchAll(/@font-face\{[^}]*src:url\(([^)]+\.woff2)\)[^}]*unicode-range:U\+0*20-/g);
  const font = [...fonts].reduce((sum, [, href]) => sum + read(href ?? "").length, 0);
  const interactive = isInteractive(url === "/." ? "/" : url);
  const budget = interactive ? budgets.interactive : budgets.static;
  // Inline scripts and styles are part of the HTML's bytes.
  const firstVisit =
    gzipSize(html) +
    font +
    [...scriptFiles].reduce((sum, href) => sum + gzipSize(read(href)), 0) +
    styleFiles.reduce((sum, href) => sum + gzipSize(read(href)), 0);
  const ok = js <= budget && (interactive || firstVisit <= firstVisitBudget);
  return {
    url: url === "/." ? "/" : url,
    js,
    css,
    font,
    html: gzipSize(html),
    firstVisit,
    budget,
    ok,
  };
}

const pages = htmlFiles(clientDir)
  .map(measurePage)
  .sort((a, b) => a.url.localeCompare(b.url));

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(pages, null, 2));
} else {
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(
    "JS counts the inline scripts and, on interactive pages, the form's script that loads when the visitor reaches for it.\n" +
      `First visit: HTML (inline CSS and scripts included), script files and the headings font; at most ${kb(firstVisitBudget)} on pages without the form.\n`,
  );
  console.log("| Page | JS (gzip) | JS budget | CSS (gzip) | HTML (gzip) | Font | First visit |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const p of pages) {
    console.log(
      `| ${p.url} | ${kb(p.js)} | ${kb(p.budget)} | ${kb(p.css)} | ${kb(p.html)} | ${kb(p.font)} | ${kb(p.firstVisit)}${p.ok ? "" : " ✗"} |`,
    );
  }
}

const over = pages.filter((p) => !p.ok);
if (over.length) {
  console.error(`Over budget: ${over.map((p) => p.url).join(", ")}`);
  process.exit(1);
}
