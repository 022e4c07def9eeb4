import { readFileSync } from "node:fs";
import path from "node:path";
import { languages, type Language } from "#app/config/site.ts";
import type { Messages } from "#app/i18n/i18n.ts";

/**
 * Where each language's catalogue is: content/locales/<code>.json, read from the project folder,
 * where the server, the build and the scripts all run. A catalogue and its entry in
 * content/languages.json are all a language needs: no code names a language.
 */
export const catalogueFile = (lang: Language) => path.resolve("content/locales", `${lang}.json`);

const read = new Map<Language, Messages>();

/** A language's catalogue (read once), or an error naming the missing file. */
export function catalogue(lang: Language): Messages {
  let messages = read.get(lang);
  if (!messages) {
    if (!languages.includes(lang)) throw new Error(`"${lang}" is not in content/languages.json`);
    messages = JSON.parse(readFileSync(catalogueFile(lang), "utf8")) as Messages;
    read.set(lang, messages);
  }
  return messages;
}
