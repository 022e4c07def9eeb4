// Punctuation as a typographer sets it, whatever was typed in the editor. The catalogues'
// texts and the articles' titles and summaries are short strings whose only straight mark is
// the apostrophe (their quotes are already « », “ ” or „ “), so a pattern does there what the
// Markdown pipeline does with remark-smartypants, which also tells opening from closing quotes
// in the articles' and legal texts' bodies (app/insights/markdown.server.ts).

/** A straight apostrophe inside a word (l'empresa, company's, {{name}}'s). */
const straightApostrophe = /(?<=[\p{L}\p{N}}])'(?=\p{L})/gu;

/** `text` with its in-word apostrophes typographic (’, U+2019). */
export const typographicApostrophes = (text: string): string =>
  text.replace(straightApostrophe, "\u2019");

/**
 * A name written to stand alone (a service's title: "Process automation") as it reads inside a
 * sentence: "process automation". German keeps its capitals (its nouns have them wherever they
 * stand), and so does a name that opens with an acronym ("IA generativa", "AI solutions").
 */
export function inSentence(name: string, lang: string): string {
  if (lang === "de") return name;
  const [first = "", second = ""] = [...name];
  if (!second || second !== second.toLowerCase()) return name;
  return first.toLowerCase() + name.slice(first.length);
}

/**
 * Names joined as a sentence joins them ("a, b and c"), unless a name holds the language's
 * conjunction itself ("assistants and bots"): "a and assistants and bots" would read as a list
 * of three. Then the last name is added by `lastPattern` ("{{names}} as well as {{last}}"), and
 * the others are separated by commas only.
 */
export function joinNames(
  names: readonly string[],
  lang: string,
  lastPattern: (names: string, last: string) => string,
): string {
  const list = new Intl.ListFormat(lang, { type: "conjunction" });
  // The words between two names: " y ", " and ", " i ", " und ".
  const conjunction = list.formatToParts(["a", "b"]).find((part) => part.type === "literal");
  const last = names.at(-1);
  if (
    last === undefined ||
    names.length < 2 ||
    !names.some((name) => conjunction && name.includes(conjunction.value))
  )
    return list.format(names);
  return lastPattern(names.slice(0, -1).join(", "), last);
}
