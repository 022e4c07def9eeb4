// The index /ask answers from (app/ask): every prerendered page's passages, with what each page
// is for and the questions and words the owner wrote for a page or section (content/ask), one
// file per language beside the browser files, never among them (no page ships a byte of it).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { pagePassages } from "#app/ask/passages.server.ts";
import type { AskIndex } from "#app/ask/retrieve.ts";
import {
  askIndexFile,
  indexPassages,
  phrasingKey,
  type Passage,
  type PassageTerms,
} from "#app/ask/search.ts";
import { askTopics, askWords } from "#app/content/definitions.server.ts";
import { readEntries, type ReadEntry } from "#app/content/read-entries.server.ts";
import { askWordsSchema, type askTopicSchema } from "#app/content/schema.ts";
import { pages } from "#app/pages.ts";
import { defaultLanguage } from "#app/routing/paths.ts";
import { filesUnder } from "#scripts/precompress.ts";

type Topic = ReadEntry<z.output<typeof askTopicSchema>>;

/** The legal texts' paths without the language (`/privacy`): ranked down unless asked about. */
const legalPaths = new Set(
  Object.values(pages)
    .filter((page) => page.nav === "legal")
    .map((page) => `/${page.slug}`),
);
const withoutLanguage = (url: string, lang: string) =>
  lang === defaultLanguage ? url : url.slice(lang.length + 1) || "/";

/** A topic's page as written (`/services`, `/en/services`, `/services/`) in its language's URL. */
function topicUrl(page: string, lang: string) {
  const trimmed = page.length > 1 ? page.replace(/\/+$/, "") : page;
  if (lang === defaultLanguage || trimmed === `/${lang}` || trimmed.startsWith(`/${lang}/`))
    return trimmed;
  return trimmed === "/" ? `/${lang}` : `/${lang}${trimmed}`;
}

const same = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: "base", ignorePunctuation: true }) === 0;

/**
 * Each passage's terms: its page's description (on the page's first passage), the words
 * written for its page (on all of them) and the questions and words written for it. A topic
 * naming a page or section this language does not have fails the build, naming its file.
 */
function passageTerms(
  lang: string,
  passages: Passage[],
  descriptions: Map<string, string>,
  topics: Topic[],
) {
  const firstOfPage = new Set<number>();
  const seen = new Set<string>();
  for (const passage of passages) {
    if (!seen.has(passage.url)) firstOfPage.add(passage.id);
    seen.add(passage.url);
  }
  const pageWords = new Map<string, string[]>();
  const asked = new Map<number, string[]>();
  const phrasings: Record<string, number> = {};
  for (const { matter, file } of topics.filter((topic) => topic.lang === lang)) {
    const url = topicUrl(matter.page, lang);
    const onPage = passages.filter((passage) => passage.url === url);
    if (onPage.length === 0)
      throw new Error(`${file}: page: ${matter.page} is not a page in ${lang}`);
    const target = matter.section
      ? onPage.find((passage) => same(passage.heading, matter.section ?? ""))
      : onPage[0];
    if (!target) {
      const headings = [...new Set(onPage.map((passage) => passage.heading))].join(" | ");
      throw new Error(
        `${file}: section: "${matter.section}" is not a heading of ${url} (its headings: ${headings})`,
      );
    }
    if (!matter.section) pageWords.set(url, [...(pageWords.get(url) ?? []), ...matter.words]);
    asked.set(target.id, [...(asked.get(target.id) ?? []), ...matter.questions, ...matter.words]);
    for (const question of matter.questions) phrasings[phrasingKey(question)] ??= target.id;
  }
  return {
    phrasings,
    terms: (passage: Passage): PassageTerms => ({
      purpose: firstOfPage.has(passage.id) ? (descriptions.get(passage.url) ?? "") : "",
      topic: (pageWords.get(passage.url) ?? []).join("\n"),
      asked: (asked.get(passage.id) ?? []).join("\n"),
    }),
  };
}

/** A page's description, as its `<meta name="description">` says it. */
const descriptionOf = (html: string) =>
  (/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** A language's groups of words visitors use alike, each group's words apart ("chatbot, bot"). */
const wordGroups = (groups: string[]) =>
  groups
    .map((group) =>
      group
        .split(",")
        .map((word) => word.trim())
        .filter(Boolean),
    )
    .filter((group) => group.length > 1);

/**
 * Reads the pages under `clientDir`, the owner's topics in `topicsDir` and the words visitors
 * use alike in `wordsFile`, and writes each language's passages and search index. Returns the
 * index files' sizes (docs/performance.md).
 */
export async function buildAskIndex(
  clientDir: string,
  buildDir: string,
  topicsDir: string = askTopics.folder,
  wordsFile: string = askWords.file,
) {
  const topics = await readEntries(askTopics, topicsDir);
  const words = askWordsSchema.parse(JSON.parse(readFileSync(wordsFile, "utf8")));
  const byLanguage = new Map<string, Passage[]>();
  const descriptions = new Map<string, string>();
  for (const file of filesUnder(clientDir)
    .filter((name) => name.endsWith("index.html"))
    .sort()) {
    const html = readFileSync(file, "utf8");
    const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
    if (!lang) continue;
    const dir = path.relative(clientDir, path.dirname(file)).split(path.sep).join("/");
    const url = dir ? `/${dir}` : "/";
    descriptions.set(url, descriptionOf(html));
    const legal = legalPaths.has(withoutLanguage(url, lang));
    const list = byLanguage.get(lang) ?? [];
    for (const passage of pagePassages(html, url))
      list.push({ ...passage, id: list.length, ...(legal ? { legal: true as const } : {}) });
    byLanguage.set(lang, list);
  }
  const sizes: Record<string, number> = {};
  for (const [lang, passages] of byLanguage) {
    const file = askIndexFile(buildDir, lang);
    mkdirSync(path.dirname(file), { recursive: true });
    const { phrasings, terms } = passageTerms(lang, passages, descriptions, topics);
    const index = indexPassages(lang, passages, terms);
    const synonyms = wordGroups(lang in words ? words[lang as keyof typeof words] : []);
    const text = JSON.stringify({
      passages,
      phrasings,
      synonyms,
      index: index.toJSON(),
    } satisfies AskIndex);
    writeFileSync(file, text);
    sizes[lang] = Buffer.byteLength(text);
  }
  return sizes;
}
