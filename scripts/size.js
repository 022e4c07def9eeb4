// Prints the JavaScript, CSS and HTML bytes (gzip) each prerendered page loads on a first
// visit, and the bytes its answer takes on the wire, and exits non-zero when a page is over
// its JavaScript or first-visit budget; with --first-flight, also when a home page's answer is
// larger than TCP's first flight.
//   node scripts/size.js [--json] [--first-flight]     (reads $BUILD_DIR, default ./build)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { settings } from "#app/config/settings.server.ts";
import { loadBuiltFiles } from "#server/built-files.ts";
import { createFastPath } from "#server/fast-path.ts";

const KB = 1024;
/** Interactive pages (the contact form) may hydrate; every other page stays almost script-free. */
const budgets = { interactive: 110 * KB, static: 10 * KB };
/** Everything a first visit to a page without the form downloads: HTML, scripts, the headings font. */
const firstVisitBudget = 30 * KB;
/**
 * TCP's first flight: the ten segments of 1,460 bytes a new connection may send before the
 * first acknowledgement (RFC 6928). A page's answer (status line, headers and its brotli
 * body) that fits arrives in one round trip; one byte more costs another (docs/performance.md).
 * Every home page must fit: the first page most visitors see.
 */
const firstFlight = 14_600;
/** @param {string} url */
const isHome = (url) => /^\/(?:[a-z]{2})?$/.test(url);
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

/**
 * The bytes each page's answer takes on the wire: the production server's own answer (its
 * fast path, built files and headers) to a browser's request over HTTP/1.1, asking for brotli,
 * counted on a loopback connection from the status line to the body's last byte.
 * @param {string[]} urls @returns {Promise<Map<string, number>>}
 */
async function wireSizes(urls) {
  const handle = createFastPath({
    files: loadBuiltFiles(clientDir, urls),
    notFoundPages: new Map(),
    formPages: new Set(),
    dynamicPages: new Set(),
    healthCheck: async () => {},
    trustsProxy: () => false,
    app: (_req, res) => res.writeHead(500).end(),
  });
  const server = createServer(
    { keepAliveTimeout: settings.server.KEEP_ALIVE_TIMEOUT_SECONDS * 1000 },
    handle,
  );
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  /** @param {string} url @returns {Promise<number>} */
  const fetchBytes = (url) =>
    new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      /** @type {Buffer[]} */
      const chunks = [];
      socket.on("error", reject);
      socket.on("data", (chunk) => {
        chunks.push(chunk);
        const received = Buffer.concat(chunks);
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        const length = Number(
          /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString())?.[1],
        );
        if (received.length >= end + 4 + length) {
          socket.destroy();
          resolve(received.length);
        }
      });
      socket.write(
        `GET ${url} HTTP/1.1\r\nHost: www.example.com\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n\r\n`,
      );
    });
  try {
    const sizes = new Map();
    for (const url of urls) sizes.set(url, await fetchBytes(url));
    return sizes;
  } finally {
    server.close();
  }
}

const measured = htmlFiles(clientDir)
  .map(measurePage)
  .sort((a, b) => a.url.localeCompare(b.url));
const onWire = await wireSizes(measured.map((p) => p.url));
const pages = measured.map((p) => {
  const wire = onWire.get(p.url) ?? 0;
  // A gate for the tests (--first-flight), a figure to read for a release: German home
  // pages, published only by setting, are longer (about 230 bytes over), and the owner's
  // release must not fail on the length of a text.
  return { ...p, wire, overFlight: isHome(p.url) && wire > firstFlight };
});

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(pages, null, 2));
} else {
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(
    "JS counts the inline scripts and, on interactive pages, the form's script that loads when the visitor reaches for it.\n" +
      `First visit: HTML (inline CSS and scripts included), script files and the headings font; at most ${kb(firstVisitBudget)} on pages without the form.\n` +
      `On the wire: the page's answer as the server sends it (status line, headers, brotli body), in bytes; a home page's at most ${firstFlight.toLocaleString("en")} (TCP's first flight).\n`,
  );
  console.log(
    "| Page | JS (gzip) | JS budget | CSS (gzip) | HTML (gzip) | Font | First visit | On the wire |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const p of pages) {
    console.log(
      `| ${p.url} | ${kb(p.js)} | ${kb(p.budget)} | ${kb(p.css)} | ${kb(p.html)} | ${kb(p.font)} | ${kb(p.firstVisit)} | ${p.wire.toLocaleString("en")}${isHome(p.url) ? ` of ${firstFlight.toLocaleString("en")}` : ""}${p.overFlight ? " (over)" : ""}${p.ok ? "" : " ✗"} |`,
    );
  }
}

const over = pages.filter(
  (p) => !p.ok || (p.overFlight && process.argv.includes("--first-flight")),
);
if (over.length) {
  console.error(`Over budget: ${over.map((p) => p.url).join(", ")}`);
  process.exit(1);
}
