import { readFileSync } from "node:fs";
import path from "node:path";
import { languages, type Language } from "#app/config/site.ts";
import { keysOf, textsOf } from "#app/i18n/catalogue-keys.ts";
import type { Messages } from "#app/i18n/i18n.ts";
import { typographicApostrophes } from "#app/text/typography.ts";

/**
 * Where each language's catalogue is: content/locales/<code>.json, read from the project folder,
 * where the server, the build and the scripts all run. A catalogue and its entry in
 * content/languages.json are all a language needs: no code names a language.
 */
export const catalogueFile = (lang: Language) => path.resolve("content/locales", `${lang}.json`);

const read = new Map<Language, Messages>();
/** `npm run dev` reads a catalogue again on each call: an edited text shows on the next request. */
const rereads = process.env.NODE_ENV === "development";

/** A language's catalogue (read once, its apostrophes typographic), or an error naming the missing file. */
export function catalogue(lang: Language): Messages {
  let messages = read.get(lang);
  if (!messages) {
    if (!languages.includes(lang)) throw new Error(`"${lang}" is not in content/languages.json`);
    // Apostrophes as a typographer sets them, however the owner typed them in the editor.
    messages = JSON.parse(readFileSync(catalogueFile(lang), "utf8"), (_key, value: unknown) =>
      typeof value === "string" ? typographicApostrophes(value) : value,
    ) as Messages;
    if (!rereads) read.set(lang, messages);
  }
  return messages;
}

/**
 * Every catalogue against the default language's, the source of truth: one line per key a
 * catalogue lacks, has beyond it, or leaves empty, naming the file and the key (what
 * `npm run deploy` tells the owner; app/i18n/i18n.test.ts checks the same in the tests).
 */
export function catalogueProblems(): string[] {
  const [source, ...others] = languages;
  if (!source) return [];
  const sourceKeys = new Set(keysOf(catalogue(source)));
  const sourceFile = path.relative(process.cwd(), catalogueFile(source));
  return others.flatMap((lang) => {
    const file = path.relative(process.cwd(), catalogueFile(lang));
    const texts = new Map(textsOf(catalogue(lang)));
    return [
      ...[...sourceKeys]
        .filter((key) => !texts.has(key))
        .map((key) => `  ${file} ${key}: missing (${sourceFile} has it)`),
      ...[...texts]
        .filter(([key]) => !sourceKeys.has(key))
        .map(([key]) => `  ${file} ${key}: not in ${sourceFile}`),
      ...[...texts]
        .filter(([key, text]) => sourceKeys.has(key) && text.trim() === "")
        .map(([key]) => `  ${file} ${key}: empty`),
    ];
  });
}
