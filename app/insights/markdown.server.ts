// Markdown to HTML at build time, for the articles and the legal texts. Articles: GFM, heading
// anchors, external links, code highlighted into classes (the page's Content-Security-Policy
// allows no inline style attribute) and images turned into responsive AVIF/WebP. Legal texts:
// the same Markdown with the company's facts as placeholders, plain headings and tables whose
// rows stack on phones.
import rehypeShiki from "@shikijs/rehype";
import type { Element, ElementContent, Root as HastRoot } from "hast";
import type { Root as MdastRoot } from "mdast";
import { toString } from "mdast-util-to-string";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeExternalLinks from "rehype-external-links";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import remarkSmartypants from "remark-smartypants";
import { createCssVariablesTheme, type BundledLanguage, type ShikiTransformer } from "shiki";
import { unified, type PluggableList } from "unified";
import { visit } from "unist-util-visit";
import { VFile } from "vfile";
import { matter } from "vfile-matter";
import type { ImageVariant } from "#app/insights/article-model.ts";
import { responsiveImage } from "#app/insights/images.server.ts";
import {
  expandSections,
  remarkPlaceholders,
  type Placeholders,
} from "#app/insights/placeholders.ts";

/** Shiki's theme of CSS variables: a token says `var(--code-token-keyword)`, never a colour. */
const codeTheme = createCssVariablesTheme({ name: "site", variablePrefix: "--code-" });

/**
 * Turns each token's inline style into classes (`code-token-keyword`, `code-italic`),
 * coloured in app/insights/article.css; a style it cannot map fails the build rather than
 * ship markup the Content-Security-Policy would block.
 */
const tokenClasses: ShikiTransformer = {
  name: "token-classes",
  pre(node) {
    delete node.properties["style"];
  },
  span(node) {
    const style = node.properties["style"];
    if (typeof style !== "string") return;
    delete node.properties["style"];
    for (const declaration of style.split(";").filter(Boolean)) {
      const variable = declaration.match(/^color:var\(--code-([a-z-]+)\)$/)?.[1];
      if (variable === "foreground") continue;
      if (variable) this.addClassToHast(node, `code-${variable}`);
      else if (declaration === "font-style:italic") this.addClassToHast(node, "code-italic");
      else if (declaration === "font-weight:bold") this.addClassToHast(node, "code-bold");
      else throw new Error(`Code highlighting produced a style without a class: ${declaration}`);
    }
  },
};

/** The languages a code block may name (```bash); another one fails the build. */
const codeLanguages: BundledLanguage[] = [
  "bash",
  "javascript",
  "typescript",
  "json",
  "yaml",
  "python",
  "sql",
  "html",
  "css",
];

/** Fails on an h1: the page renders the title from the front matter as its only h1. */
function remarkNoTitleHeading() {
  return (tree: MdastRoot, file: VFile) => {
    visit(tree, "heading", (node) => {
      if (node.depth === 1)
        file.fail(`"# ${toString(node)}": start sections at "##", the title is the page's h1`);
    });
  };
}

/** Where an article's links and images may point; anything else fails the build. */
const allowedSchemes = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * Fails on a link, image or link definition whose scheme is not http(s), mailto or tel
 * (`javascript:`, `data:`, `vbscript:`…): Markdown passes any URL through to the page.
 * The URL is read as a browser reads an href (WHATWG URL, against the site), so spellings
 * a browser still runs (`java\tscript:`, ` JavaScript:`, `&#106;avascript:` decoded by
 * Markdown) are caught too; relative URLs resolve to the site's own scheme and pass.
 */
function remarkLinkSchemes() {
  return (tree: MdastRoot, file: VFile) => {
    visit(tree, (node) => {
      if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
      const url = URL.parse(node.url, "https://site.invalid/");
      if (url && allowedSchemes.has(url.protocol)) return;
      const what = `${node.type === "image" ? "image" : "link"} "${node.url}" (line ${node.position?.start.line ?? "?"})`;
      file.fail(
        url
          ? `${what}: the scheme ${url.protocol} is not allowed; use http(s), mailto, tel or a relative URL`
          : `${what} is not a valid URL`,
      );
    });
  };
}

/** Counts the words a reader reads (code included) into `file.data.words`. */
function remarkWordCount() {
  return (tree: MdastRoot, file: VFile) => {
    file.data["words"] = toString(tree).split(/\s+/).filter(Boolean).length;
  };
}

/** Replaces every image by a responsive <picture>; its variants go to `file.data.images`. */
function rehypeResponsiveImages() {
  return async (tree: HastRoot, file: VFile) => {
    const images: Element[] = [];
    visit(tree, "element", (node) => {
      if (node.tagName === "img") images.push(node);
    });
    const variants: ImageVariant[] = [];
    for (const img of images) {
      const picture = await responsiveImage(file.path, {
        src: String(img.properties["src"] ?? ""),
        alt: String(img.properties["alt"] ?? ""),
      });
      variants.push(...picture.variants);
      Object.assign(img, picture.element);
    }
    file.data["images"] = variants;
  };
}

/** Fails on an image: legal texts are text (their pages have no image pipeline). */
function remarkNoImages() {
  return (tree: MdastRoot, file: VFile) => {
    visit(tree, "image", (node) => {
      file.fail(`line ${node.position?.start.line ?? "?"}: a legal text has no images`);
    });
  };
}

const textOf = (node: ElementContent): string =>
  node.type === "text" ? node.value : "children" in node ? node.children.map(textOf).join("") : "";

/** The paragraph that names a table: "Table: …" right above it. */
const captionPrefix = /^Table:\s*/;

/** A table's rows, header first. */
function rowsOf(table: Element) {
  const rows: Element[] = [];
  visit(table, "element", (node) => {
    if (node.tagName === "tr") rows.push(node);
  });
  return rows;
}

/** A row's header and data cells, in order. */
const cells = (row: Element) =>
  row.children.filter(
    (cell): cell is Element =>
      cell.type === "element" && (cell.tagName === "th" || cell.tagName === "td"),
  );

/** The longest text a key cell (a date, a name, an amount) holds. */
const keyLength = 24;

/**
 * An article table's key columns, those whose every cell is short, are marked `data-key`:
 * article.css keeps their cells on one line ("2 de febrero de 2025"), and the prose columns take
 * the wrapping. Which columns hold prose is measured, not assumed from their place: a table
 * may open with its question ("¿Se repite cada semana?").
 */
function rehypeTableKeys() {
  return (tree: HastRoot) => {
    visit(tree, "element", (table) => {
      if (table.tagName !== "table") return;
      const rows = rowsOf(table).map(cells);
      const columns = Math.max(0, ...rows.map((row) => row.length));
      for (let column = 0; column < columns; column++) {
        const keys = rows.flatMap((row) => row.slice(column, column + 1));
        if (keys.every((cell) => textOf(cell).trim().length <= keyLength))
          for (const cell of keys) cell.properties["dataKey"] = "";
      }
    });
  };
}

/**
 * Tables of legal texts: each cell carries its column's name (`data-label`), which
 * `.legal-text` shows beside it when rows stack on phones; header cells get `scope="col"`;
 * a paragraph "Table: …" right above a table becomes its caption, for screen readers.
 */
function rehypeLegalTables() {
  return (tree: HastRoot) => {
    visit(tree, "element", (table, index, parent) => {
      if (table.tagName !== "table" || !parent || index === undefined) return;
      const rows = rowsOf(table);
      const [header, ...body] = rows;
      const labels = header ? cells(header).map((cell) => textOf(cell).trim()) : [];
      for (const cell of header ? cells(header) : []) cell.properties["scope"] = "col";
      for (const row of body)
        cells(row).forEach((cell, column) => {
          const label = labels[column];
          if (label) cell.properties["dataLabel"] = label;
        });

      const before = parent.children
        .slice(0, index)
        .findLast((node) => node.type !== "text" || node.value.trim() !== "");
      const first =
        before?.type === "element" && before.tagName === "p" ? before.children[0] : undefined;
      if (before?.type !== "element" || first?.type !== "text" || !captionPrefix.test(first.value))
        return;
      first.value = first.value.replace(captionPrefix, "");
      table.children.unshift({
        type: "element",
        tagName: "caption",
        properties: { className: ["sr-only"] },
        children: before.children,
      });
      const at = parent.children.indexOf(before);
      parent.children.splice(at, index - at);
      return at + 1;
    });
  };
}

/** What articles and legal texts share: Markdown with GFM and front matter… */
const syntax: PluggableList = [remarkParse, [remarkFrontmatter, ["yaml"]], remarkGfm];
/** …no h1, and only safe link schemes. */
const checks: PluggableList = [remarkNoTitleHeading, remarkLinkSchemes];
/**
 * Quotes and apostrophes as a typographer sets them, however they were typed in the editor:
 * “ ” and ’ (code is left as written). Dashes and dots stay as typed: the texts already use
 * the characters they mean.
 */
const typography: PluggableList = [
  [remarkSmartypants, { quotes: true, backticks: false, dashes: false, ellipses: false }],
];

const articleProcessor = unified()
  .use(syntax)
  .use(checks)
  .use(typography)
  .use(remarkWordCount)
  // Raw HTML in Markdown is dropped: articles cannot carry scripts or inline styles.
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeAutolinkHeadings, { behavior: "wrap", properties: { className: ["heading-link"] } })
  .use(rehypeExternalLinks, { rel: ["noopener"] })
  // Only the grammars articles use: loading all of shiki's takes seconds.
  .use(rehypeShiki, { theme: codeTheme, langs: codeLanguages, transformers: [tokenClasses] })
  .use(rehypeResponsiveImages)
  .use(rehypeTableKeys)
  .use(rehypeStringify)
  .freeze();

const legalProcessor = unified()
  .use(syntax)
  // Before the placeholders: the company's facts are shown as written, as on every page.
  .use(typography)
  // Placeholders before the checks: they then see the addresses they make.
  .use(remarkPlaceholders)
  .use(checks)
  .use(remarkNoImages)
  // Raw HTML is dropped here too: the pages allow no inline script or style.
  .use(remarkRehype)
  .use(rehypeLegalTables)
  // As the site's other links to third parties: the page's address is not passed on.
  .use(rehypeExternalLinks, { rel: ["noopener", "noreferrer"] })
  .use(rehypeStringify)
  .freeze();

export type RenderedMarkdown = {
  /** The parsed YAML front matter, not yet validated. */
  data: unknown;
  html: string;
  words: number;
  images: ImageVariant[];
};

/** Runs `fn`, prefixing its error with the file's path. */
async function naming<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith(path) ? message : `${path}: ${message}`, { cause: error });
  }
}

/** Renders one article's Markdown; errors name the file. */
export function renderMarkdown(path: string, source: string): Promise<RenderedMarkdown> {
  return naming(path, async () => {
    const file = new VFile({ path, value: source });
    matter(file);
    const html = String(await articleProcessor.process(file));
    return {
      data: file.data.matter,
      html,
      words: file.data["words"] as number,
      images: (file.data["images"] as ImageVariant[] | undefined) ?? [],
    };
  });
}

/**
 * Renders one legal text written in `lang`, its placeholders filled from `placeholders`;
 * errors (an unknown placeholder among them) name the file and the line.
 */
export function renderLegalMarkdown(
  path: string,
  source: string,
  { lang, placeholders }: { lang: string; placeholders: Placeholders },
): Promise<string> {
  return naming(path, async () => {
    const value = expandSections(source, placeholders);
    const file = new VFile({ path, value, data: { lang, placeholders } });
    return String(await legalProcessor.process(file));
  });
}
