import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { siteConfig } from "#app/config/site.ts";
import { summaryOf } from "#app/insights/article-model.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import { insightsFeed } from "#app/insights/feed.ts";

type Element = {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
};

/**
 * Parses with saxes, a conforming XML parser: fast-xml-parser's XMLValidator alone accepts
 * a `<` in an attribute value and `]]>` in text, both of which make a feed not well-formed
 * (checked: it returns true for `<a t="<svg>">` and `<a>]]></a>`). Any error fails the test.
 */
function parseStrict(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const root: Element = { name: "#document", attributes: {}, text: "", children: [] };
  const open: Element[] = [root];
  const errors: string[] = [];
  parser.on("error", (error) => errors.push(error.message));
  parser.on("opentag", (tag) => {
    const element: Element = {
      name: tag.name,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      text: "",
      children: [],
    };
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on("text", (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on("cdata", (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on("closetag", () => open.pop());
  parser.write(xml).close();
  expect(errors).toEqual([]);
  const [feed] = root.children;
  if (!feed) throw new Error("no root element");
  return feed;
}

const childrenNamed = (element: Element, name: string) =>
  element.children.filter((child) => child.name === name);
const only = (element: Element, name: string) => {
  const [child, ...more] = childrenNamed(element, name);
  if (!child || more.length) throw new Error(`expected one <${name}> in <${element.name}>`);
  return child;
};

/**
 * What an author might type, in the places the feed writes it: text and attributes. Text
 * that looks like an entity (`&amp;`, `&nbsp;`, `&#60;`) is text too: it must read back as
 * typed, not decoded and not as an undeclared entity. A CR must not come back as a LF, and
 * in attributes tab, CR and LF must not come back as spaces.
 */
const hostile = {
  title: `<svg onload="alert(1)"> & ]]> ]]> "quoted" &nbsp; &#60; </title>`,
  description: `A summary with <b>markup</b>, a lone & and &amp;, "quotes", ]]> twice ]]> and <![CDATA[ too.\r\nA CR\ralone.`,
  tags: [`<svg onload="alert(1)">`, `R&D "x" &amp;`, "a]]>b", "tab\there", "two\r\nlines\rcr"],
};

/** A content folder with one article in every language, its front matter `hostile` (YAML, JSON-quoted). */
function hostileContent() {
  const dir = mkdtempSync(path.join(tmpdir(), "insights-hostile-"));
  mkdirSync(path.join(dir, "hostile"));
  for (const lang of siteConfig.languages) {
    const matter = [
      `title: ${JSON.stringify(hostile.title)}`,
      `description: ${JSON.stringify(hostile.description)}`,
      `slug: hostile-${lang}`,
      "date: 2026-01-01",
      `tags: ${JSON.stringify(hostile.tags)}`,
    ].join("\n");
    writeFileSync(path.join(dir, "hostile", `index.${lang}.md`), `---\n${matter}\n---\n\nText.\n`);
  }
  return dir;
}

describe("Atom feed", () => {
  it("every language's feed is well-formed XML, with plain articles and hostile front matter", async () => {
    const languages = siteConfig.languages;
    const options = { today: "2026-03-01", languages };
    const summaries = [
      ...(await loadInsights({
        ...options,
        dir: path.resolve("tests/fixtures/insights"),
        people: path.resolve("tests/fixtures/people"),
      })),
      ...(await loadInsights({ ...options, dir: hostileContent() })),
    ].map(summaryOf);
    for (const lang of languages) {
      const xml = insightsFeed(lang, summaries);
      expect(XMLValidator.validate(xml), lang).toBe(true);
      const feed = parseStrict(xml);
      expect(feed.name).toBe("feed");
      expect(feed.attributes["xmlns"]).toBe("http://www.w3.org/2005/Atom");
      expect(feed.attributes["xml:lang"]).toBe(lang);
      const entries = childrenNamed(feed, "entry");
      expect(entries.length, lang).toBe(summaries.filter((s) => s.lang === lang).length);
      const entry = entries.find((e) => only(e, "id").text.endsWith(`/hostile-${lang}`));
      if (!entry) throw new Error(`no hostile entry in the ${lang} feed`);
      // Read back exactly as written, as plain text rather than HTML.
      expect(only(entry, "title").attributes).toEqual({ type: "text" });
      expect(only(entry, "title").text).toBe(hostile.title);
      expect(only(entry, "summary").attributes).toEqual({ type: "text" });
      expect(only(entry, "summary").text).toBe(hostile.description);
      expect(childrenNamed(entry, "category").map((category) => category.attributes)).toEqual(
        hostile.tags.map((tag) => ({ term: tag, label: tag })),
      );
      for (const other of entries) {
        expect(only(other, "title").attributes["type"]).toBe("text");
        expect(only(other, "summary").attributes["type"]).toBe("text");
      }
    }
  });

  it("a character XML cannot carry fails the feed instead of breaking it", async () => {
    const [article] = await loadInsights({
      dir: hostileContent(),
      today: "2026-03-01",
      languages: ["es"],
    });
    if (!article) throw new Error("the hostile fixture did not load");
    const summary = { ...summaryOf(article), title: "Un título\u0001 con un control" };
    expect(() => insightsFeed("es", [summary])).toThrow(/cannot carry U\+0001/);
  });

  it("front matter with a control character fails the build, naming the file and field", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "insights-control-"));
    mkdirSync(path.join(dir, "broken"));
    const matter = [
      `title: "Un título con un \\x01 dentro"`,
      "description: Una descripción de prueba que tiene más de cincuenta caracteres, como exige el esquema.",
      "slug: un-articulo",
      "date: 2026-01-01",
      `tags: ["Prue\\x0Bbas"]`,
    ].join("\n");
    writeFileSync(path.join(dir, "broken", "index.es.md"), `---\n${matter}\n---\n\nText.\n`);
    await expect(loadInsights({ dir, today: "2030-01-01", languages: ["es"] })).rejects.toThrow(
      /broken\/index\.es\.md: invalid front matter\n\s+title: must not hold control characters\n\s+tags\.0: must not hold control characters/,
    );
  });
});
