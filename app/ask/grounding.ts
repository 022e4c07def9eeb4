// The checks a generated answer must pass before it is shown: it cites only passages it was
// given, and every number in it (prices, dates, durations) is in the passages it cites.

/** The `[n]` citations of an answer, in order of first use. */
export function citationsOf(answer: string): number[] {
  return [...new Set([...answer.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])))];
}

/** Digits as written ("1.500", "1,500", "2026"), compared without their separators. */
const numbersIn = (text: string) =>
  new Set(
    [...text.matchAll(/\d+(?:[.,\u00a0\u202f]\d+)*/g)].map((match) => match[0].replace(/\D/g, "")),
  );

const currency = /[€$£]|\b(?:eur|euros?|usd|d[oó]lares|dollars?|pounds?)\b/i;

export type GroundingVerdict =
  | { ok: true; cited: number[] }
  | {
      ok: false;
      reason: "noCitation" | "unknownCitation" | "unsupportedNumber" | "unsupportedPrice";
    };

/**
 * Whether `answer` stands on `passages` (the texts it was given, cited as [1]…[n]): at least
 * one citation, none outside 1…n, every number in the answer (its citations aside) found in
 * the passages it cites, and a currency named only if they name one.
 */
export function checkGrounding(answer: string, passages: readonly string[]): GroundingVerdict {
  const cited = citationsOf(answer);
  if (cited.length === 0) return { ok: false, reason: "noCitation" };
  if (cited.some((n) => n < 1 || n > passages.length))
    return { ok: false, reason: "unknownCitation" };
  const sources = cited.map((n) => passages[n - 1] ?? "").join("\n");
  const prose = answer.replace(/\[\d{1,3}\]/g, " ");
  const known = numbersIn(sources);
  for (const number of numbersIn(prose)) {
    if (!known.has(number)) return { ok: false, reason: "unsupportedNumber" };
  }
  if (currency.test(prose) && !currency.test(sources))
    return { ok: false, reason: "unsupportedPrice" };
  return { ok: true, cited };
}
