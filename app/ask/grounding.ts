// The checks a generated answer must pass before it is shown: it cites only passages it was
// given, every number in it (prices, dates, durations) is in the passages it cites, read as
// the answer's language writes numbers, and every price is one its citation states.
import type { Language } from "#app/config/site.ts";

/** `[1]`…`[999]`: the only citations the page links to a quoted passage. */
const citation = /\[(\d+)\]/g;
const wellFormed = /^[1-9]\d{0,2}$/;

/** The `[n]` citations of an answer, in order of first use. */
export function citationsOf(answer: string): number[] {
  return [...new Set([...answer.matchAll(citation)].map((match) => Number(match[1])))];
}

/** Digits with their separators: "1.500", "1,500", "15,00", "1 500" (no-break spaces). */
const numberToken = /\d+(?:[.,\u00a0\u202f]\d+)*/g;
const space = "[\\s\\u00a0\\u202f]*";
const currencyWords: Record<string, string> = {
  "€": "EUR",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  $: "USD",
  usd: "USD",
  dollar: "USD",
  dollars: "USD",
  dólar: "USD",
  dólares: "USD",
  dòlar: "USD",
  dòlars: "USD",
  "£": "GBP",
  gbp: "GBP",
  pound: "GBP",
  pounds: "GBP",
  pfund: "GBP",
  libra: "GBP",
  libras: "GBP",
  lliura: "GBP",
  lliures: "GBP",
};
const currencyName = `(?:[€$£]|(?:${Object.keys(currencyWords)
  .filter((word) => /^\p{L}+$/u.test(word))
  .join("|")})(?!\\p{L}))`;
const currencyAfter = new RegExp(`^${space}(${currencyName})`, "iu");
const currencyBefore = new RegExp(`(?:^|[^\\p{L}])([€$£]|eur|usd|gbp)${space}$`, "iu");
const currency = new RegExp(`(?<!\\p{L})${currencyName}`, "iu");

/**
 * What a written number means in `lang`: "1.500" is 1500 in Spanish, Catalan and German and 1.5
 * in English, "15,00" is 15 there; written otherwise (a date such as "27.11.2026", "1.5" in
 * Spanish) it stands only for itself.
 */
function valueOf(token: string, lang: Language): string {
  const [decimal, thousands] = lang === "en" ? [".", ","] : [",", "."];
  const [integer = "", fraction = "", ...rest] = token
    .replace(/[\u00a0\u202f]/g, thousands)
    .split(decimal);
  const [first = "", ...groups] = integer.split(thousands);
  const grouped = first.length <= 3 && groups.every((group) => group.length === 3);
  if (rest.length > 0 || (groups.length > 0 && !grouped)) return `as written: ${token}`;
  const whole = [first, ...groups].join("").replace(/^0+(?=\d)/, "");
  const decimals = fraction.replace(/0+$/, "");
  return decimals ? `${whole}.${decimals}` : whole;
}

/** Each number of a text, with its place, its meaning and, next to a currency, that currency. */
function numbersOf(text: string, lang: Language) {
  return [...text.matchAll(numberToken)].map((match) => {
    const end = match.index + match[0].length;
    const named =
      currencyAfter.exec(text.slice(end))?.[1] ??
      currencyBefore.exec(text.slice(0, match.index))?.[1];
    const value = valueOf(match[0], lang);
    return {
      at: match.index,
      value,
      money: named ? `${value} ${currencyWords[named.toLowerCase()]}` : null,
    };
  });
}

/**
 * Numbers written as words. The small ones also stand for their digits ("dos semanas" for "2
 * semanas"); the large ones ("mil", "thousand", "milers", "zweitausend") only for themselves,
 * since their amount depends on what goes with them. Articles that are also "one" are left out.
 */
const smallNumbers: Partial<Record<Language, Record<string, number>>> = {
  es: {
    dos: 2,
    tres: 3,
    cuatro: 4,
    cinco: 5,
    seis: 6,
    siete: 7,
    ocho: 8,
    nueve: 9,
    diez: 10,
    once: 11,
    doce: 12,
  },
  en: {
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
  },
  // "nou" (also "new") and "deu" (also "owes") are left out: too common as other words.
  ca: {
    dos: 2,
    dues: 2,
    tres: 3,
    quatre: 4,
    cinc: 5,
    sis: 6,
    set: 7,
    vuit: 8,
    onze: 11,
    dotze: 12,
  },
  de: {
    zwei: 2,
    drei: 3,
    vier: 4,
    fünf: 5,
    sechs: 6,
    sieben: 7,
    acht: 8,
    neun: 9,
    zehn: 10,
    elf: 11,
    zwölf: 12,
  },
};
const largeNumbers: Partial<Record<Language, RegExp>> = {
  es: /^(?:trece|catorce|quince|dieci\p{L}+|veint\p{L}*|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\p{L}*cient[oa]s|quinient[oa]s|mil|miles|millón|millones|millardos?)$/u,
  en: /^(?:thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?)$/u,
  ca: /^(?:tretze|catorze|quinze|setze|disset|divuit|dinou|vint\p{L}*|trenta|quaranta|cinquanta|seixanta|setanta|vuitanta|noranta|cent|cents|centes|mil|milers|milió|milions|miliard\p{L}*)$/u,
  de: /^\p{L}*(?:zehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend|millionen?|milliarden?|dutzend)$/u,
};

type NumberWord = { word: string; value: string | null };
/** The number words of a text, lowercased; in a language not listed, the large ones of all. */
function numberWordsOf(text: string, lang: Language): NumberWord[] {
  const small = smallNumbers[lang] ?? {};
  const large = largeNumbers[lang];
  const isLarge = (word: string) =>
    large ? large.test(word) : Object.values(largeNumbers).some((words) => words?.test(word));
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).flatMap((word): NumberWord[] => {
    const value = Object.hasOwn(small, word) ? small[word] : undefined;
    if (value) return [{ word, value: String(value) }];
    return isLarge(word) ? [{ word, value: null }] : [];
  });
}

export type GroundingVerdict =
  | { ok: true; cited: number[] }
  | {
      ok: false;
      reason: "noCitation" | "unknownCitation" | "unsupportedNumber" | "unsupportedPrice";
    };

/**
 * Whether `answer` (in `lang`) stands on `passages` (the texts it was given, cited as [1]…[n]):
 * - at least one citation, each written [1]…[n];
 * - every number (its citations aside) found, with the same meaning, in a passage it cites, and
 *   every number word in one as that word (a small one also as its digits);
 * - every price (a number next to a currency) stated, as that amount in that currency, by the
 *   passage cited right after it (before it, when none follows): "El soporte cuesta 1.500 €
 *   [1][2]" is refused when only [2] states 1.500 €, even though [2] is cited too;
 * - a currency named only if a cited passage names one.
 * A refused answer costs little: the passages are quoted instead.
 */
export function checkGrounding(
  answer: string,
  passages: readonly string[],
  lang: Language,
): GroundingVerdict {
  const marks = [...answer.matchAll(citation)].map((match) => ({
    at: match.index,
    passage: wellFormed.test(match[1] ?? "") ? passages[Number(match[1]) - 1] : undefined,
  }));
  if (marks.length === 0) return { ok: false, reason: "noCitation" };
  if (marks.some((mark) => mark.passage === undefined))
    return { ok: false, reason: "unknownCitation" };
  const cited = citationsOf(answer);
  const sources = cited.map((n) => passages[n - 1]).join("\n");
  // Citations become spaces of the same length, so the numbers keep their places.
  const prose = answer.replace(citation, (mark) => " ".repeat(mark.length));

  const known = new Set(numbersOf(sources, lang).map((number) => number.value));
  const knownWords = new Set(numberWordsOf(sources, lang).map((number) => number.word));
  const numbers = numbersOf(prose, lang);
  if (numbers.some((number) => !known.has(number.value)))
    return { ok: false, reason: "unsupportedNumber" };
  for (const { word, value } of numberWordsOf(prose, lang)) {
    if (!knownWords.has(word) && !(value && known.has(value)))
      return { ok: false, reason: "unsupportedNumber" };
  }

  for (const { at, money } of numbers) {
    if (!money) continue;
    const next = marks.find((mark) => mark.at > at) ?? marks.findLast((mark) => mark.at < at);
    const prices = numbersOf(next?.passage ?? "", lang).map((number) => number.money);
    if (!prices.includes(money)) return { ok: false, reason: "unsupportedPrice" };
  }
  if (currency.test(prose) && !currency.test(sources))
    return { ok: false, reason: "unsupportedPrice" };
  return { ok: true, cited };
}
