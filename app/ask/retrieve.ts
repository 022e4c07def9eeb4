// Which passages answer a question, and whether any does well enough to be quoted.
import MiniSearch, { type AsPlainObject } from "minisearch";
import type { Language } from "#app/config/site.ts";
import { indexOptions, termProcessor, type Passage } from "#app/ask/search.ts";

/** A language's passages and their saved index (scripts/build-ask-index.ts). */
export type AskIndex = { passages: Passage[]; index: AsPlainObject };

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
const unknownCount = 3;
/** A further passage is quoted only if it scores at least this share of the best one. */
const minShareOfBest = 0.35;
/** Stems this long also find longer ones ("accesib" finds "accesibil"). */
const prefixFrom = 5;

export function createRetriever(lang: Language, { passages, index }: AskIndex) {
  const search = MiniSearch.loadJS(index, indexOptions(lang));
  const processTerm = termProcessor(lang);
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const total = search.documentCount;
  const same = (term: string) => term;
  /**
   * In how many passages a stem occurs. The index is fixed, so a count is kept, but only for a
   * stem the index has (a term, or the start of one): those are bounded by the index, while the
   * words visitors type are not, so an unknown one is searched again each time.
   */
  const frequencies = new Map<string, number>();
  const frequency = (stem: string) => {
    const kept = frequencies.get(stem);
    if (kept !== undefined) return kept;
    const count = search.search(stem, {
      processTerm: same,
      prefix: stem.length >= prefixFrom,
    }).length;
    if (count > 0) frequencies.set(stem, count);
    return count;
  };

  return {
    /** The one to three best passages, or none when no passage answers well enough. */
    retrieve(question: string): { passages: Passage[] } {
      // Each word of the question with its stems; the word is as rare as its rarest stem found.
      const words = new Map<string, string[]>();
      for (const token of tokenize(question)) {
        const stems = processTerm(token);
        if (stems) words.set(stems.join(" "), stems);
      }
      const weighed = [...words.values()].map((stems) => {
        const found = stems.map(frequency).filter((count) => count > 0);
        const count = found.length ? Math.min(...found) : 0;
        const weight =
          count > total * commonShare
            ? 0
            : Math.log((total + 1) / (Math.max(count, unknownCount) + 0.5));
        return { stems, weight, found: count > 0 };
      });
      const totalWeight = weighed.reduce((sum, word) => sum + word.weight, 0);
      const counted = weighed.filter((word) => word.weight > 0 && word.found);
      if (totalWeight === 0 || counted.length === 0) return { passages: [] };
      // Only the words that count are searched: common ones would rank passages by "de" and "la".
      const hits = search
        .search(counted.flatMap((word) => word.stems).join(" "), {
          processTerm: same,
          prefix: (term) => term.length >= prefixFrom,
        })
        .map((hit) => {
          const matched = new Set(hit.queryTerms);
          const weight = counted
            .filter((word) => word.stems.some((stem) => matched.has(stem)))
            .reduce((sum, word) => sum + word.weight, 0);
          return { ...hit, coverage: weight / totalWeight };
        })
        .filter((hit) => hit.coverage >= minCoverage);
      const best = hits[0]?.score ?? 0;
      const chosen: Passage[] = [];
      const sections = new Set<string>();
      for (const hit of hits) {
        const passage = byId.get(hit.id as number);
        if (!passage || hit.score < best * minShareOfBest) continue;
        const section = `${passage.url}#${passage.anchor}`;
        if (sections.has(section)) continue;
        sections.add(section);
        chosen.push(passage);
        if (chosen.length === quoted) break;
      }
      return { passages: chosen };
    },
    passageCount: total,
    /** How many stems' counts are kept (they must not grow with what visitors type). */
    keptStems: () => frequencies.size,
  };
}
