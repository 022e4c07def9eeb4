// Every prerendered page carries the stylesheet inline, so it needs no render-blocking request.
// The stylesheet is built for the whole site; a page that runs no React only ever shows the
// classes in its own HTML. Its copy keeps every rule that is not a utility, and only the
// utilities whose class the page uses, then drops the custom properties nothing refers to any
// more. That keeps the larger pages' compressed HTML inside TCP's first ten packets (about
// 14.6 KB), which saves a whole round trip on a slow connection (docs/performance.md).
// A page that loads a script module (the contact form) keeps the whole stylesheet, since
// React can render classes (errors, a sent state) that its HTML does not show yet.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fromHtml } from "hast-util-from-html";
import postcss, { type Container } from "postcss";
import selectorParser from "postcss-selector-parser";
import { visit } from "unist-util-visit";

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

/**
 * The stylesheets of one page, trimmed to the classes it uses. A utility rule stays when any
 * class in its selector is used (`group-open:rotate-180` also names `group`), so the trim can
 * only keep too much, never too little.
 */
export function trimStylesheets(
  sheets: string[],
  used: { classes: ReadonlySet<string>; elements: ReadonlySet<string> },
): string[] {
  const hasFormFields = formFields.some((name) => used.elements.has(name));
  // The reset (Tailwind's preflight) styles elements: a selector stays when the page has every
  // element it names, and a form field's part when the page has a form field.
  const needed = (selector: string) =>
    elementsIn(selector).every((name) => used.elements.has(name)) &&
    (hasFormFields || !formFieldPart.test(selector));
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
        const classes = classesIn(rule.selector);
        if (classes.length > 0 && !classes.some((name) => used.classes.has(name))) rule.remove();
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

/** The class names and element names a page's markup uses. */
export function markupOf(html: string) {
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

/** One prerendered page with its inline stylesheets trimmed (unchanged if it loads React). */
export function trimPageStyles(html: string): string {
  if (html.includes('<script type="module"')) return html;
  const sheets = [...html.matchAll(styleElement)].map((match) => match[2] ?? "");
  const trimmed = trimStylesheets(sheets, markupOf(html));
  let index = 0;
  return html.replace(styleElement, (_, open: string, _css, close: string) => {
    return `${open}${trimmed[index++] ?? ""}${close}`;
  });
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return htmlFiles(file);
    return file.endsWith(".html") ? [file] : [];
  });
}

export function trimBuiltPageStyles(clientDir: string) {
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, "utf8");
    const trimmed = trimPageStyles(html);
    if (trimmed !== html) writeFileSync(file, trimmed);
  }
}
