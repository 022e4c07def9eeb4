// Placeholders in Markdown, as in the catalogues: `{{legalName}}` is a fact filled in at build,
// and `{{#name}}…{{/name}}` (or `{{^name}}…{{/name}}`, "unless") keeps its text only when the
// fact `name` is true or not empty. The legal texts (content/legal/) use them so that their
// prose stays in Markdown, the owner's to edit, while the facts stay in content/company.json.
//
// Sections are the Mustache syntax the placeholders already borrow: one notation to learn,
// usable around whole paragraphs and inside a sentence alike, and plain text in any editor.
import type { Root as MdastRoot, RootContent } from "mdast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";

/**
 * A placeholder's value. A true/false fact is a condition for sections only. Text written in
 * a language of its own (an owner's sentence in content/company.json) carries it, so a
 * translation marks it with that language's `lang`.
 */
export type PlaceholderValue = string | number | boolean | { text: string; lang: string };
export type Placeholders = Readonly<Record<string, PlaceholderValue>>;

declare module "vfile" {
  interface DataMap {
    /** The values `remarkPlaceholders` fills in; without them it leaves the text alone. */
    placeholders: Placeholders;
    /** The document's language: a value in another one is marked with its own. */
    lang: string;
  }
}

/** Every `{{…}}`, well formed or not, and a lone `{{` or `}}`. */
const anyTag = /\{\{([^{}]*)\}\}|\{\{|\}\}/g;
const validTag = /^([#^/]?)([a-zA-Z][a-zA-Z0-9]*)$/;

const lineOf = (source: string, offset: number) => source.slice(0, offset).split("\n").length;

const isTrue = (value: PlaceholderValue) =>
  typeof value === "object" ? value.text !== "" : Boolean(value);

function known(values: Placeholders): string {
  return Object.keys(values).sort().join(", ");
}

/**
 * Checks every tag of `source` (sections left out included, so a typo fails the day it is
 * written) and resolves the sections. A section tag alone on its line takes the line with
 * it, so that sections around paragraphs or list items leave no blank line behind.
 */
export function expandSections(source: string, values: Placeholders): string {
  const open: { name: string; line: number; keep: boolean }[] = [];
  let output = "";
  let from = 0;
  for (const match of source.matchAll(anyTag)) {
    const line = lineOf(source, match.index);
    const tag = match[1] === undefined ? undefined : validTag.exec(match[1].trim());
    if (!tag)
      throw new Error(
        `line ${line}: "${match[0]}" is not a placeholder; write {{name}}, or {{#name}}…{{/name}} around text that depends on a fact`,
      );
    const [, kind = "", name = ""] = tag;
    if (!Object.hasOwn(values, name))
      throw new Error(
        `line ${line}: unknown placeholder {{${kind}${name}}}; the known ones: ${known(values)}`,
      );
    const value = values[name] as PlaceholderValue;
    if (kind === "" && typeof value === "boolean")
      throw new Error(
        `line ${line}: {{${name}}} is a condition, not a text: use {{#${name}}}…{{/${name}}}`,
      );
    if (kind === "") continue;

    // A tag alone on its line: cut from the line's start to after its end.
    const lineStart = source.lastIndexOf("\n", match.index - 1) + 1;
    const lineEnd = source.indexOf("\n", match.index);
    const end = lineEnd === -1 ? source.length : lineEnd;
    const standalone =
      source.slice(lineStart, match.index).trim() === "" &&
      source.slice(match.index + match[0].length, end).trim() === "";
    const cutFrom = standalone ? lineStart : match.index;
    const cutTo = standalone ? Math.min(end + 1, source.length) : match.index + match[0].length;

    if (open.every((section) => section.keep)) output += source.slice(from, cutFrom);
    from = cutTo;
    if (kind === "/") {
      const section = open.pop();
      if (section?.name !== name)
        throw new Error(
          section
            ? `line ${line}: {{/${name}}} closes {{#${section.name}}} of line ${section.line}`
            : `line ${line}: {{/${name}}} closes no section`,
        );
    } else open.push({ name, line, keep: kind === "#" ? isTrue(value) : !isTrue(value) });
  }
  const unclosed = open.pop();
  if (unclosed)
    throw new Error(
      `line ${unclosed.line}: {{#${unclosed.name}}} is never closed with {{/${unclosed.name}}}`,
    );
  return output + source.slice(from);
}

const placeholder = /\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g;

const textOf = (value: PlaceholderValue) =>
  typeof value === "object" ? value.text : String(value);

/** `text` with its placeholders filled in, as nodes: text, and a span for another language. */
function fill(text: string, values: Placeholders, lang: string | undefined): RootContent[] {
  const nodes: RootContent[] = [];
  let from = 0;
  const push = (value: string) => {
    const last = nodes.at(-1);
    if (last?.type === "text" && !last.data) last.value += value;
    else if (value) nodes.push({ type: "text", value });
  };
  for (const match of text.matchAll(placeholder)) {
    push(text.slice(from, match.index));
    from = match.index + match[0].length;
    const value = values[match[1] as string] as PlaceholderValue;
    if (typeof value === "object" && lang && value.lang !== lang && value.text)
      nodes.push({
        type: "text",
        value: value.text,
        data: { hName: "span", hProperties: { lang: value.lang } },
      });
    else push(textOf(value));
  }
  push(text.slice(from));
  return nodes;
}

/**
 * Fills the placeholders of text and link addresses (`[{{email}}](mailto:{{email}})`) from
 * `file.data.placeholders`, after parsing: a value is always text, never Markdown or HTML, so
 * a `*` or `<` in a company's name shows as written. Checked by `expandSections` first.
 */
export function remarkPlaceholders() {
  return (tree: MdastRoot, file: VFile) => {
    const values = file.data.placeholders;
    if (!values) return;
    visit(tree, (node, index, parent) => {
      if ((node.type === "link" || node.type === "definition") && node.url.includes("{{"))
        node.url = node.url.replace(placeholder, (_, name: string) =>
          textOf(values[name] as PlaceholderValue),
        );
      if (node.type === "text" && parent && index !== undefined && node.value.includes("{{")) {
        const nodes = fill(node.value, values, file.data.lang);
        parent.children.splice(index, 1, ...(nodes as (typeof parent.children)[number][]));
        return index + nodes.length;
      }
      if ("value" in node && typeof node.value === "string" && node.value.includes("{{"))
        file.fail(
          `line ${node.position?.start.line ?? "?"}: a placeholder in ${node.type} cannot be filled; use placeholders in text and links`,
        );
    });
  };
}
