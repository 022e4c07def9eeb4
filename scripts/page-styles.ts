// Every prerendered page carries the stylesheet inline, so it needs no render-blocking request.
// The stylesheet is built for the whole site; a page that runs no React only ever shows the
// classes in its own HTML. Its copy keeps every rule that is not a utility, and only the
// utilities whose class the page uses, then drops the custom properties nothing refers to any
// more. That keeps the larger pages' compressed HTML inside TCP's first ten packets (about
// 14.6 KB), which saves a whole round trip on a slow connection (docs/performance.md).
// A page whose island React hydrates (the contact form) can show classes its HTML does not
// yet (errors, the sent state): it keeps, besides its own, every utility whose class
// name appears anywhere in the island's scripts, and the whole reset.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fromHtml } from "hast-util-from-html";
import postcss, { type Container } from "postcss";
import selectorParser from "postcss-selector-parser";
import { visit } from "unist-util-visit";
import { routeStylesFile, type RouteStyles } from "#app/route-styles.server.ts";
import { filesUnder } from "#scripts/precompress.ts";

const classesIn = (selector: string) => {
  const classes: string[] = [];
  selectorParser((root) => root.walkClasses((node) => void classes.push(node.value))).processSync(
    selector,
  );
  return classes;
};

/** Element names a selector needs (`h1`, `button`); `*` and pseudo-elements need none. */
const elementsIn = (selector: string) => {
  const names: string[] = [];
  selectorParser((root) => root.walkTags((node) => void names.push(node.value))).processSync(
    selector,
  );
  return names;
};

/** Pseudo-elements and states of form fields (the placeholder, a date field's parts …). */
const formFieldPart = /::?(?:placeholder|file-selector-button|-webkit-|-moz-ui-invalid)/;
const formFields = ["input", "select", "textarea"];

const references = /var\(\s*(--[\w-]+)/g;

/** Removes containers (media, supports, layers) that lost all their rules. */
function removeEmpty(container: Container) {
  container.walkAtRules((rule) => {
    if (rule.nodes?.length === 0) rule.remove();
  });
}

/** What separates the class names in a script's strings: white space, quotes, escapes. */
const wordSeparators = /(?:\\[nrtvfb]|\\u[\da-fA-F]{4}|\\x[\da-fA-F]{2}|[\s"'`\\])+/;
const wordSeparator = /[\s"'`\\]/;

/**
 * The words of a script's text: every class name a script can set stands whole between quotes,
 * white space or escapes (`"flex gap-2"`, `` `mt-2 ${x}` ``, `"a\nb"`), as Tailwind found it in
 * the source to generate its rule. A class whose own name holds such a character (an
 * arbitrary value with a quote or a space) is looked for anywhere in the text instead.
 */
const wordsOf = (text: string) => new Set(text.split(wordSeparators));

/**
 * The stylesheets of one page, trimmed to the classes it uses. A utility rule stays when any
 * class in its selector is used (`group-open:rotate-180` also names `group`), so the trim can
 * only keep too much, never too little.
 */
export function trimStylesheets(sheets: string[], page: PageContent): string[] {
  const { classes, elements, scripts } = page;
  const named = scripts === undefined ? undefined : wordsOf(scripts);
  const usesClass = (name: string) =>
    classes.has(name) ||
    (scripts !== undefined &&
      (named?.has(name) === true || (wordSeparator.test(name) && scripts.includes(name))));
  const hasFormFields = formFields.some((name) => elements.has(name));
  // The reset (Tailwind's preflight) styles elements: a selector stays when the page has every
  // element it names, and a form field's part when the page has a form field. A page with
  // scripts can create any element: it keeps the whole reset.
  const needed = (selector: string) =>
    scripts !== undefined ||
    (elementsIn(selector).every((name) => elements.has(name)) &&
      (hasFormFields || !formFieldPart.test(selector)));
  const roots = sheets.map((css) => postcss.parse(css));
  for (const root of roots) {
    root.walkAtRules("layer", (layer) => {
      if (layer.params !== "base") return;
      layer.walkRules((rule) => {
        const kept = rule.selectors.filter(needed);
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      removeEmpty(layer);
    });
    root.walkAtRules("layer", (layer) => {
      if (layer.params !== "utilities") return;
      layer.walkRules((rule) => {
        const names = classesIn(rule.selector);
        if (names.length > 0 && !names.some(usesClass)) rule.remove();
      });
      removeEmpty(layer);
    });
  }
  // Custom properties nothing refers to: repeat, since a property can refer to another.
  for (let removed = true; removed;) {
    removed = false;
    const referenced = new Set<string>();
    for (const root of roots) {
      root.walkDecls((decl) => {
        for (const match of decl.value.matchAll(references)) referenced.add(match[1] ?? "");
      });
    }
    for (const root of roots) {
      root.walkDecls(/^--/, (decl) => {
        if (referenced.has(decl.prop)) return;
        decl.remove();
        removed = true;
      });
      root.walkAtRules("property", (rule) => {
        if (!referenced.has(rule.params)) rule.remove();
      });
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
      removeEmpty(root);
    }
  }
  return roots.map((root) => root.toString());
}

/** What a page can show: its markup's classes and elements, and the scripts it may run. */
type PageContent = {
  classes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
  /** The text of every script module the page can load, when it loads any. */
  scripts?: string;
};

/** The class names and element names a page's markup uses. */
export function markupOf(html: string): PageContent {
  const classes = new Set<string>();
  const elements = new Set<string>();
  visit(fromHtml(html), "element", (element) => {
    elements.add(element.tagName);
    const names = element.properties["className"];
    if (Array.isArray(names)) for (const name of names) classes.add(String(name));
  });
  return { classes, elements };
}

const styleElement = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

/**
 * One prerendered page with its inline stylesheets trimmed. `islandScripts`: the text of the
 * modules a page's island loads (the client entry and everything it imports), for pages that
 * load one.
 */
export function trimPageStyles(html: string, islandScripts: string): string {
  const sheets = [...html.matchAll(styleElement)].map((match) => match[2] ?? "");
  const hydrates = html.includes('<script type="module"');
  const trimmed = trimStylesheets(sheets, {
    ...markupOf(html),
    ...(hydrates ? { scripts: islandScripts } : {}),
  });
  let index = 0;
  return html.replace(styleElement, (_, open: string, _css, close: string) => {
    return `${open}${trimmed[index++] ?? ""}${close}`;
  });
}

type ChunkList = { module: string; imports?: string[] };

/** React Router's browser manifest: the built modules of the entry and of every route. */
type BrowserManifest = {
  version: string;
  entry: ChunkList;
  routes: Record<string, ChunkList & { parentId?: string; hasDefaultExport?: boolean }>;
};

function browserManifestOf(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, "assets");
  const prefix = "window.__reactRouterManifest=";
  const manifest = readdirSync(assets)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => readFileSync(path.join(assets, name), "utf8"))
    .find((text) => text.startsWith(prefix));
  if (!manifest) throw new Error(`No React Router manifest in ${assets}`);
  return JSON.parse(manifest.slice(prefix.length).replace(/;\s*$/, "")) as BrowserManifest;
}

const chunksOf = ({ module, imports = [] }: ChunkList) => [module, ...imports];

/**
 * The client entry and its static imports, as React Router's browser manifest lists them: all
 * the code an island can run (it imports the form statically).
 */
function islandScriptsOf(clientDir: string, manifest: BrowserManifest): string {
  return chunksOf(manifest.entry)
    .map((url) => readFileSync(path.join(clientDir, url), "utf8"))
    .join("\n");
}

/** A built script's name where another script names it (`./x-Ab12.js`, `assets/x-Ab12.js`). */
const scriptName = /[\w.-]+\.js\b/g;

/**
 * The text of `chunks` and of every script they name, static and dynamic imports alike (an
 * island's own chunk, imported when it is found on the page), from the client's assets.
 */
function scriptsReachedFrom(clientDir: string, chunks: string[]): string {
  const assets = path.join(clientDir, "assets");
  const seen = new Set<string>();
  const texts: string[] = [];
  const queue = chunks.map((url) => path.basename(url));
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    let text: string;
    try {
      text = readFileSync(path.join(assets, name), "utf8");
    } catch {
      continue; // A name in a string that is not one of the built scripts.
    }
    texts.push(text);
    for (const [found] of text.matchAll(scriptName)) queue.push(found);
  }
  return texts.join("\n");
}

/**
 * The stylesheet of every route with a page, for the server to send with the pages it renders
 * per request (the booking page, the contact page's sent state, the 404 page). Unlike a
 * prerendered page, such a page's HTML is not known at build, so each route keeps every
 * utility whose class name appears in the code that can render it: its module and its
 * parents' (all their states, the error boundary among them), their imports, and the client
 * entry with the islands it imports, whether statically or when it finds one. Tailwind only
 * generates a class it finds whole in the source, so the code names every class a state can
 * show: the trim can only keep too much, never too little.
 */
export function routeStylesOf(
  clientDir: string,
  manifest: BrowserManifest,
  whole: string,
): RouteStyles {
  const sheets: string[] = [];
  const routes: Record<string, number> = {};
  const byScripts = new Map<string, number>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (!route.hasDefaultExport) continue;
    const chunks = chunksOf(manifest.entry);
    for (let at: typeof route | undefined = route; at; at = manifest.routes[at.parentId ?? ""]) {
      chunks.push(...chunksOf(at));
    }
    const scripts = scriptsReachedFrom(clientDir, chunks);
    let index = byScripts.get(scripts);
    if (index === undefined) {
      const [sheet = ""] = trimStylesheets([whole], {
        classes: new Set(),
        elements: new Set(),
        scripts,
      });
      index = sheets.push(sheet) - 1;
      byScripts.set(scripts, index);
    }
    routes[id] = index;
  }
  return { version: manifest.version, routes, sheets, whole };
}

/**
 * Trims the prerendered pages' styles and writes the per-request routes' stylesheets beside
 * the server build. The whole stylesheet is the one every page is rendered with, taken from a
 * prerendered page before its trim.
 */
export function trimBuiltPageStyles(clientDir: string, serverDir: string) {
  const manifest = browserManifestOf(clientDir);
  const islandScripts = islandScriptsOf(clientDir, manifest);
  const pages = filesUnder(clientDir).filter((name) => name.endsWith(".html"));
  const whole = pages
    .flatMap((file) => [...readFileSync(file, "utf8").matchAll(styleElement)])
    .map((match) => match[2] ?? "")
    .find((css) => css.includes("@layer utilities"));
  if (whole === undefined) throw new Error(`No page in ${clientDir} carries the stylesheet`);
  writeFileSync(
    path.join(serverDir, routeStylesFile),
    JSON.stringify(routeStylesOf(clientDir, manifest, whole)),
  );
  for (const file of pages) {
    const html = readFileSync(file, "utf8");
    const trimmed = trimPageStyles(html, islandScripts);
    if (trimmed !== html) writeFileSync(file, trimmed);
  }
}
