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
 * A language's passages and their saved index (scripts/build-ask-index.ts), the questions the
 * owner wrote for a passage (content/ask), as `phrasingKey` reads them, with its id: a
 * visitor's question worded so is answered with that passage first, whatever its words weigh;
 * and the groups of words visitors use alike (content/ask-words.json): a question's word of a
 * group also finds the group's other words.
 */
export type AskIndex = {
  passages: Passage[];
  phrasings: Record<string, number>;
  synonyms: string[][];
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
/**
 * A passage whose heading, title or owner's words hold a word of the question as asked (not
 * misspelt, not a word alike) answers with less: it is about what is asked ("¿tenéis blog?"
 * on the articles' page), unless the words the site never uses weigh `maxUnknownShare` or
 * more of the question (the weather in Palma is not about Palma).
 */
const minCoverageOnTopic = 0.4;
const maxUnknownShare = 0.3;
const commonShare = 0.25;
const unknownCount = 2;
/** A further passage is quoted only if it scores at least this share of the best one. */
const minShareOfBest = 0.35;
/** A word of a question's word's group (content/ask-words.json) counts less than the word. */
const alikeBoost = 0.5;
const alikeShare = 0.75;
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
 * The same fields make any passage "about" a question (`minCoverageOnTopic`).
 */
const aboutFields: ReadonlySet<string> = new Set<Field>(["title", "heading", "topic", "asked"]);

const same = (term: string) => term;
/** Whether the index's term is the question's, or one it finds as a prefix. */
const isFoundBy = (indexed: string, asked: string) =>
  indexed === asked || (asked.length >= prefixFrom && indexed.startsWith(asked));
const prefix = (term: string) => term.length >= prefixFrom;
const fuzzy = (term: string) => (term.length >= fuzzyFrom ? 1 : 0);

export function createRetriever(
  lang: Language,
  { passages, phrasings, synonyms, index }: AskIndex,
) {
  const search = MiniSearch.loadJS(index, indexOptions(lang));
  const processTerm = termProcessor(lang);
  const groups = synonyms.map((group) => new Set(group.flatMap((word) => processTerm(word) ?? [])));
  /** The terms of the other words of a word's groups ("bot" for "chatbot"). */
  const alikeTerms = (terms: string[]) =>
    groups
      .filter((group) => terms.some((term) => group.has(term)))
      .flatMap((group) => [...group])
      .filter((term) => !terms.includes(term));
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const phrasingIds = new Map(Object.entries(phrasings));
  const total = search.documentCount;
  const find = (terms: string[], alike: ReadonlySet<string> = new Set()) =>
    search.search(terms.join(" "), {
      processTerm: same,
      prefix,
      fuzzy,
      boostTerm: (term) => (alike.has(term) ? alikeBoost : 1),
    });

  return {
    /** The one to three best passages, or none when no passage answers well enough. */
    retrieve(question: string): { passages: Passage[] } {
      const phrased = byId.get(phrasingIds.get(phrasingKey(question)) ?? -1);
      // Each word of the question with its terms, weighed by the passages that have one of
      // them (or, for a word the site does not use, one of its group's).
      const words = new Map<string, { terms: string[]; alike: string[] }>();
      for (const token of tokenize(question)) {
        const terms = processTerm(token);
        if (terms) words.set(terms.join(" "), { terms, alike: alikeTerms(terms) });
      }
      const weighed = [...words.values()].map(({ terms, alike }) => {
        const own = find(terms).length;
        const count = own > 0 || alike.length === 0 ? own : find(alike).length;
        const weight =
          count > total * commonShare
            ? 0
            : Math.log((total + 1) / (Math.max(count, unknownCount) + 0.5));
        return { own: terms, terms: [...terms, ...alike], weight, found: count > 0 };
      });
      const totalWeight = weighed.reduce((sum, word) => sum + word.weight, 0);
      const counted = weighed.filter((word) => word.weight > 0 && word.found);
      if (totalWeight === 0 || counted.length === 0) return { passages: phrased ? [phrased] : [] };
      // Only the words that count are searched: common ones would rank passages by "de" and "la".
      const alike = new Set([...words.values()].flatMap((word) => word.alike));
      // The question's own terms (no word alike), and the share of words the site never uses.
      const asked = counted.flatMap((word) => word.own);
      const unknownShare =
        weighed.filter((word) => !word.found).reduce((sum, word) => sum + word.weight, 0) /
        totalWeight;
      /**
       * Whether a passage was found by what the question is about, not by its body alone: a
       * word of the question in an about field, as asked or by its stem; not a longer word it
       * begins ("compro" is not "comprobamos"), one letter away or a word alike.
       */
      const about = (hit: SearchResult) =>
        Object.entries(hit.match).some(
          ([term, fields]) =>
            asked.includes(term) && fields.some((field) => aboutFields.has(field)),
        );
      const hits = find(
        counted.flatMap((word) => word.terms),
        alike,
      )
        .map((hit) => {
          const matched = new Set(hit.queryTerms);
          const found = Object.keys(hit.match);
          const has = (term: string) => found.some((other) => isFoundBy(other, term));
          const weight = counted.reduce((sum, word) => {
            if (!word.terms.some((term) => matched.has(term))) return sum;
            if (word.own.some(has)) return sum + word.weight;
            if (word.own.some((term) => matched.has(term))) return sum + word.weight * fuzzyShare;
            return sum + word.weight * alikeShare;
          }, 0);
          const passage = byId.get(hit.id as number);
          const quotable = passage !== undefined && (!passage.legal || about(hit));
          const coverage = weight / totalWeight;
          const onTopic = unknownShare < maxUnknownShare && about(hit);
          const enough = coverage > (onTopic ? minCoverageOnTopic : minCoverage);
          return { passage, score: hit.score, answers: quotable && enough };
        })
        .filter((hit) => hit.answers);
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
