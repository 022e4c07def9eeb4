// The build's side of /ask: reads each prerendered page and splits its main text into passages
// by section heading, each linked to its section: the heading's id, or its text (a text fragment).
import { fromHtml } from "hast-util-from-html";
import type { Element, ElementContent, Root, RootContent } from "hast";
import type { Passage } from "#app/ask/search.ts";

/** Not the page's text: controls, scripts, pictures; the repeated call to action and cards (`hidden`). */
const skipped = new Set([
  "script",
  "style",
  "template",
  "svg",
  "nav",
  "form",
  "button",
  "noscript",
]);
/** Read whole, as one paragraph (their inline parts joined). */
const blocks = new Set(["p", "li", "dt", "dd", "h4", "h5", "h6", "figcaption", "td", "th"]);
/** Start a section: the passage's heading and anchor. */
const headings = new Set(["h1", "h2", "h3"]);
/** A section's text is cut into passages of about this many characters. */
const passageLength = 400;

const isElement = (node: RootContent | Root): node is Element => node.type === "element";

function hidden(element: Element): boolean {
  const { properties } = element;
  const classes = properties["className"];
  return (
    skipped.has(element.tagName) ||
    properties["ariaHidden"] === "true" ||
    properties["hidden"] === true ||
    properties["dataCtaBand"] !== undefined ||
    // An article's related services repeat the services page's cards.
    String(properties["ariaLabelledBy"]) === "related-title" ||
    (Array.isArray(classes) && classes.includes("sr-only"))
  );
}

/** A list item holding a card with its own heading is read as sections, not as one paragraph. */
const containsHeading = (element: Element): boolean =>
  element.children.some(
    (child) => isElement(child) && (headings.has(child.tagName) || containsHeading(child)),
  );

/** The visible text of an element, with a space where a block ends. */
function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (!isElement(node) || hidden(node)) return "";
  const inner = node.children.map(textOf).join("");
  return blocks.has(node.tagName) || node.tagName === "br" ? ` ${inner} ` : inner;
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * A link to a heading without an id, by its text: a text fragment (`#:~:text=`), which the
 * browser scrolls to and highlights (one without them opens the page at its top). Giving the
 * headings ids instead would add bytes to every page, and to pages rendered per request not at all.
 * Only HTML's own spaces are collapsed: the no-break spaces the typography puts in are the text's.
 */
const textFragment = (element: Element) =>
  `:~:text=${encodeURIComponent(
    element.children
      .map(textOf)
      .join("")
      .replace(/[ \t\n\r\f]+/g, " ")
      .trim(),
  ).replaceAll("-", "%2D")}`;

function findMain(node: Root | Element): Element | undefined {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (child.tagName === "main") return child;
    const found = findMain(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * A page's passages. Text outside `<main>` (header, footer), controls and the closing call to
 * action are left out; an FAQ's `<details>` is a section of its own, its `<summary>` the heading.
 */
export function pagePassages(html: string, url: string): Omit<Passage, "id">[] {
  const tree = fromHtml(html);
  const main = findMain(tree);
  if (!main) return [];
  const passages: Omit<Passage, "id">[] = [];
  let title = "";
  let section = { heading: "", anchor: "" };
  let pending: Passage["blocks"] = [];
  /** A `<dt>` waiting for its `<dd>`: the two read as one line ("Idiomas: español, catalán"). */
  let term = "";

  const flush = () => {
    flushTerm();
    // Before the h1 there is only what an article's header shows above it (date, reading time).
    if (pending.length && title) passages.push({ url, title, ...section, blocks: pending });
    pending = [];
  };
  const flushTerm = () => {
    if (term) pending.push({ tag: "p", text: term });
    term = "";
  };
  const add = (block: Passage["blocks"][number]) => {
    flushTerm();
    pending.push(block);
    if (pending.reduce((length, entry) => length + entry.text.length, 0) >= passageLength) flush();
  };

  const pageLang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
  const walk = (element: Element, anchorAbove: string) => {
    if (hidden(element)) return;
    // Text in another language (a legal text shown in Spanish only) answers no question in this one.
    const lang = element.properties["lang"];
    if (typeof lang === "string" && pageLang && lang !== pageLang) return;
    const id = typeof element.properties["id"] === "string" ? element.properties["id"] : "";
    const anchor = id && element.tagName !== "main" ? id : anchorAbove;
    const tag = element.tagName;
    if (headings.has(tag)) {
      flush();
      const text = clean(element.children.map(textOf).join(""));
      if (tag === "h1") {
        title = text;
        section = { heading: text, anchor: "" };
        return;
      }
      section = { heading: text, anchor: id || textFragment(element) };
      return;
    }
    if (tag === "details") {
      flush();
      const before = section;
      const summary = element.children.find(
        (child): child is Element => isElement(child) && child.tagName === "summary",
      );
      section = {
        heading: summary ? clean(textOf(summary)) : before.heading,
        anchor: id || before.anchor || anchor,
      };
      for (const child of element.children) {
        if (isElement(child) && child !== summary) walk(child, anchor);
      }
      flush();
      section = before;
      return;
    }
    if (blocks.has(tag) && !containsHeading(element)) {
      const text = clean(textOf(element));
      if (!text) return;
      if (tag === "dt") {
        // A term without a description stays a line of its own.
        if (term) flushTerm();
        term = text;
      } else if (tag === "dd" && term) {
        const joined = `${term}: ${text}`;
        term = "";
        add({ tag: "p", text: joined });
      } else add({ tag: tag === "li" ? "li" : "p", text });
      return;
    }
    for (const child of element.children) if (isElement(child)) walk(child, anchor);
  };
  walk(main, "");
  flush();
  return passages;
}
