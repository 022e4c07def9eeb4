// Which passages answer a question, and whether any does well enough to be quoted.
import MiniSearch, { type AsPlainObject, type SearchResult } from "minisearch";
import type { Language } from "#app/config/site.ts";
import {
  indexOptions,
  phrasingKey,
  termProcessor,
  type Field,
  type Passage,
} from "#app/ask/search.ts";

/**
 * A language's passages and their saved index (scripts/build-ask-index.ts), and the questions
 * the owner wrote for a passage (content/ask), as `phrasingKey` reads them, with its id: a
 * visitor's question worded so is answered with that passage first, whatever its words weigh.
 */
export type AskIndex = {
  passages: Passage[];
  phrasings: Record<string, number>;
  index: AsPlainObject;
};

/** At most this many passages are quoted. */
const quoted = 3;
/**
 * The share of the question's weight the best passage must match to be an answer. A word's
 * weight is its rarity on the site (inverse document frequency); stop words, and words in
 * more than `commonShare` of the passages, weigh nothing; a word the site never uses weighs
 * as one found in `unknownCount` passages. So "¿cuál es la capital de Francia?" matches
 * nothing that counts, while "¿hacéis formación en IA?" is carried by "formación" and "IA".
 */
const minCoverage = 0.5;
const commonShare = 0.25;
const unknownCount = 2;
/** A further passage is quoted only if it scores at least this share of the best one. */
const minShareOfBest = 0.35;
/** Terms this long also find longer ones ("accesib" finds "accesibil"). */
const prefixFrom = 5;
/** Terms this long also find a term one letter away ("mantenimento", "sytems")… */
const fuzzyFrom = 6;
/** …and a word found only so counts for less ("recepta" is not "recepció"). */
const fuzzyShare = 0.75;
/**
 * A legal text's passage is quoted only when the question is about it: a word of the question
 * found in the page's title, the section's heading or the words written for the page or the
 * section (content/ask). Its body alone shares words with many questions ("código", "terminar").
 */
const aboutFields: ReadonlySet<string> = new Set<Field>(["title", "heading", "topic", "asked"]);

const same = (term: string) => term;
const prefix = (term: string) => term.length >= prefixFrom;
const fuzzy = (term: string) => (term.length >= fuzzyFrom ? 1 : 0);

export function createRetriever(lang: Language, { passages, phrasings, index }: AskIndex) {
  const search = MiniSearch.loadJS(index, indexOptions(lang));
  const processTerm = termProcessor(lang);
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const phrasingIds = new Map(Object.entries(phrasings));
  const total = search.documentCount;
  const find = (terms: string[]) =>
    search.search(terms.join(" "), { processTerm: same, prefix, fuzzy });

  /** Whether a legal passage was found by what the question is about, not by its body alone. */
  const about = (hit: SearchResult) =>
    Object.values(hit.match).some((fields) => fields.some((field) => aboutFields.has(field)));

  return {
    /** The one to three best passages, or none when no passage answers well enough. */
    retrieve(question: string): { passages: Passage[] } {
      const phrased = byId.get(phrasingIds.get(phrasingKey(question)) ?? -1);
      // Each word of the question with its terms, weighed by the passages that have one of them.
      const words = new Map<string, string[]>();
      for (const token of tokenize(question)) {
        const terms = processTerm(token);
        if (terms) words.set(terms.join(" "), terms);
      }
      const weighed = [...words.values()].map((terms) => {
        const count = find(terms).length;
        const weight =
          count > total * commonShare
            ? 0
            : Math.log((total + 1) / (Math.max(count, unknownCount) + 0.5));
        return { terms, weight, found: count > 0 };
      });
      const totalWeight = weighed.reduce((sum, word) => sum + word.weight, 0);
      const counted = weighed.filter((word) => word.weight > 0 && word.found);
      if (totalWeight === 0 || counted.length === 0) return { passages: phrased ? [phrased] : [] };
      // Only the words that count are searched: common ones would rank passages by "de" and "la".
      const hits = find(counted.flatMap((word) => word.terms))
        .map((hit) => {
          const matched = new Set(hit.queryTerms);
          const found = Object.keys(hit.match);
          const weight = counted.reduce((sum, word) => {
            if (!word.terms.some((term) => matched.has(term))) return sum;
            const exact = word.terms.some((term) =>
              found.some((other) => other === term || (prefix(term) && other.startsWith(term))),
            );
            return sum + (exact ? word.weight : word.weight * fuzzyShare);
          }, 0);
          const passage = byId.get(hit.id as number);
          const quotable = passage !== undefined && (!passage.legal || about(hit));
          return { passage, score: hit.score, quotable, coverage: weight / totalWeight };
        })
        .filter((hit) => hit.quotable && hit.coverage > minCoverage);
      const best = hits[0]?.score ?? 0;
      const chosen: Passage[] = [];
      const sections = new Set<string>();
      const ranked = phrased ? [{ passage: phrased, score: best }, ...hits] : hits;
      for (const { passage, score } of ranked) {
        if (!passage || score < best * minShareOfBest) continue;
        const section = `${passage.url}#${passage.anchor}`;
        if (sections.has(section)) continue;
        sections.add(section);
        chosen.push(passage);
        if (chosen.length === quoted) break;
      }
      return { passages: chosen };
    },
    passageCount: total,
  };
}

type Retriever = ReturnType<typeof createRetriever>;

/**
 * A question answered in its language's pages or, where they have no passage good enough,
 * in the Spanish ones (`fallback`: the answer says so).
 */
export function answerQuestion(
  retrievers: ReadonlyMap<Language, Retriever>,
  lang: Language,
  question: string,
  fallbackLang: Language,
): { passages: Passage[]; fallback: Language | null } {
  const own = retrievers.get(lang)?.retrieve(question).passages ?? [];
  if (own.length > 0 || lang === fallbackLang) return { passages: own, fallback: null };
  const other = retrievers.get(fallbackLang)?.retrieve(question).passages ?? [];
  return { passages: other, fallback: other.length > 0 ? fallbackLang : null };
}
