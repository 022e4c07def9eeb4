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
  /** On a legal text (privacy, cookies, legal notice, accessibility): ranked down unless asked about. */
  legal?: true;
};

/**
 * What the index holds of a passage besides its text, never shown: what its page is for (the
 * page's description, on the page's first passage), the words visitors use for the page (on
 * all its passages) and the questions and words the owner wrote for this passage (content/ask).
 */
export type PassageTerms = { purpose: string; topic: string; asked: string };

/** Snowball's algorithm for each of the site's languages. */
const algorithms: Record<string, string> = {
  es: "spanish",
  en: "english",
  ca: "catalan",
  de: "german",
};

/**
 * The verbs a question is framed with ("¿podéis…?", "tinc…", "I would like…"), which the
 * lists below lack: they say nothing of what is asked, and an unknown word weighs much.
 */
const framing = {
  es: "podéis puedo podemos puede pueden quiero queremos querría necesito tenéis tengo tenemos hacéis hacen estáis sabéis saber".split(
    " ",
  ),
  en: "want would like tell know need please".split(" "),
  ca: "tinc teniu tenim puc podeu podem pot poden vull volem voldria necessito feu fer fa sou esteu sabeu saber".split(
    " ",
  ),
};

/**
 * Words that say nothing of what a question is about ("¿cuál es vuestra…?"): Snowball's lists
 * as Orama ships them, and for Catalan, which Orama lacks, the `stopword` package's.
 */
const stopwords: Record<string, readonly string[]> = {
  es: [...spanish, ...framing.es],
  en: [...english, ...framing.en],
  ca: [...stopword.cat, ...framing.ca],
  de: german,
};

const fold = (word: string) =>
  word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");

/** A question as the owner's phrasings are matched: its words only, without accents or case. */
export const phrasingKey = (question: string) =>
  fold(question)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * A word as the index keeps it: none for a stop word, else its stems without accents, taken
 * twice: from the word as written (Snowball's rules know "guardáis" and "automatización") and
 * from it without accents, as a question is often typed ("automatizacion", "formacio"); and
 * the word itself without accents, which a misspelt word is near ("mantenimento").
 */
export function termProcessor(lang: Language) {
  const algorithm = algorithms[lang];
  const stemmer = algorithm ? snowball.newStemmer(algorithm) : null;
  const ignored = new Set((stopwords[lang] ?? []).map(fold));
  return (term: string): string[] | null => {
    const folded = fold(term);
    if (!folded || ignored.has(folded)) return null;
    if (!stemmer) return [folded];
    // A stem of three letters or fewer finds unrelated words ("demà" and "demana" share "dem").
    const stems = [fold(stemmer.stem(term.toLowerCase())), stemmer.stem(folded)].filter(
      (stem) => stem.length > 3,
    );
    return [...new Set([...stems, folded])];
  };
}

/** The fields a passage is found by, and how much a word found in each counts. */
const fieldBoosts = {
  title: 1,
  heading: 2,
  text: 1,
  purpose: 1.5,
  topic: 0.5,
  asked: 3,
} as const;
export type Field = keyof typeof fieldBoosts;

type Indexed = Pick<Passage, "id" | "title" | "heading"> & PassageTerms & { text: string };

/** The index's options; loading a saved index needs the same. */
export function indexOptions(lang: Language): Options<Indexed> {
  return {
    fields: Object.keys(fieldBoosts),
    processTerm: termProcessor(lang),
    searchOptions: { boost: { ...fieldBoosts }, combineWith: "OR" },
  };
}

export const passageText = (passage: Passage) =>
  passage.blocks.map((block) => block.text).join("\n");

/** The index of a language's passages, as written into the build. */
export function indexPassages(
  lang: Language,
  passages: Passage[],
  terms: (passage: Passage) => PassageTerms = () => ({ purpose: "", topic: "", asked: "" }),
) {
  const index = new MiniSearch(indexOptions(lang));
  index.addAll(
    passages.map((passage) => ({
      id: passage.id,
      title: passage.title,
      heading: passage.heading,
      text: passageText(passage),
      ...terms(passage),
    })),
  );
  return index;
}
