// The search over the site's passages, the same at build time (which writes the index) and in
// the server (which loads it): MiniSearch with a Snowball stemmer per language.
import path from "node:path";
import { stopwords as english } from "@orama/stopwords/english";
import { stopwords as german } from "@orama/stopwords/german";
import { stopwords as spanish } from "@orama/stopwords/spanish";
import MiniSearch, { type Options } from "minisearch";
import snowball from "snowball-stemmers";
import stopword from "stopword";
import type { Language } from "#app/config/site.ts";

/** Where a build keeps a language's index: beside the browser files, never among them. */
export const askIndexFile = (buildDir: string, lang: string) =>
  path.join(buildDir, "ask", `${lang}.json`);

/** One stretch of a page's text under one heading: what a question is answered with. */
export type Passage = {
  id: number;
  /** The page's URL (`/en/services`) and the section's anchor, if the section has one. */
  url: string;
  anchor: string;
  /** The page's h1 and the section's heading (the page's title for the text before any). */
  title: string;
  heading: string;
  /** The paragraphs and list items, as the page shows them. */
  blocks: { tag: "p" | "li"; text: string }[];
};

/** Snowball's algorithm for each of the site's languages. */
const algorithms: Record<string, string> = {
  es: "spanish",
  en: "english",
  ca: "catalan",
  de: "german",
};

/**
 * Words that say nothing of what a question is about ("¿cuál es vuestra…?"): Snowball's lists
 * as Orama ships them, and for Catalan, which Orama lacks, the `stopword` package's.
 */
const stopwords: Record<string, readonly string[]> = {
  es: spanish,
  en: english,
  ca: stopword.cat,
  de: german,
};

const fold = (word: string) =>
  word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");

/**
 * A word as the index keeps it: none for a stop word, else its stems without accents, taken
 * twice: from the word as written (Snowball's rules know "guardáis" and "automatización") and
 * from it without accents, as a question is often typed ("automatizacion", "formacio").
 */
export function termProcessor(lang: Language) {
  const algorithm = algorithms[lang];
  const stemmer = algorithm ? snowball.newStemmer(algorithm) : null;
  const ignored = new Set((stopwords[lang] ?? []).map(fold));
  return (term: string): string[] | null => {
    const folded = fold(term);
    if (!folded || ignored.has(folded)) return null;
    if (!stemmer) return [folded];
    const stems = new Set([fold(stemmer.stem(term.toLowerCase())), stemmer.stem(folded)]);
    return [...stems];
  };
}

type Indexed = Pick<Passage, "id" | "title" | "heading"> & { text: string };

/** The index's options; loading a saved index needs the same. */
export function indexOptions(lang: Language): Options<Indexed> {
  return {
    fields: ["title", "heading", "text"],
    processTerm: termProcessor(lang),
    searchOptions: { boost: { heading: 2, title: 1.5 }, combineWith: "OR" },
  };
}

export const passageText = (passage: Passage) =>
  passage.blocks.map((block) => block.text).join("\n");

/** The index of a language's passages, as written into the build. */
export function indexPassages(lang: Language, passages: Passage[]) {
  const index = new MiniSearch(indexOptions(lang));
  index.addAll(
    passages.map((passage) => ({
      id: passage.id,
      title: passage.title,
      heading: passage.heading,
      text: passageText(passage),
    })),
  );
  return index;
}
