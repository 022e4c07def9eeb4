// The files of a folder collection the owner edits: content/<collection>/<key>/index.<lang>.md,
// one folder per entry and one file per language (the layout the content editor writes).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { settings } from "#app/config/settings.server.ts";
import { siteConfig, type Language } from "#app/config/site.ts";

/** Where the people live: their keys are what articles name as `author`. */
export const peopleDir = () => path.resolve(settings.build.PEOPLE_DIR);

export type EntryFile = {
  /** The folder's name: what an entry's languages share. */
  key: string;
  lang: Language;
  /** The file's path from the current folder, for messages. */
  file: string;
};

const isLanguage = (code: string): code is Language =>
  (siteConfig.languages as readonly string[]).includes(code);

/**
 * Every file of the collection in `dir`, by folder then language; none when the folder does
 * not exist. A folder or file named otherwise fails, naming it.
 */
export function entryFiles(dir: string): EntryFile[] {
  if (!existsSync(dir)) return [];
  const files: EntryFile[] = [];
  for (const key of readdirSync(dir).sort()) {
    const folder = path.join(dir, key);
    if (!statSync(folder).isDirectory()) continue;
    const where = path.relative(process.cwd(), folder);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key))
      throw new Error(`${where}: name the folder in lower-case words joined by hyphens`);
    for (const name of readdirSync(folder)
      .filter((file) => file.endsWith(".md"))
      .sort()) {
      const file = path.join(where, name);
      const lang = /^index\.([^.]+)\.md$/.exec(name)?.[1] ?? "";
      if (!isLanguage(lang))
        throw new Error(
          `${file}: name the file index.<language>.md (${siteConfig.languages.join(", ")})`,
        );
      files.push({ key, lang, file });
    }
  }
  return files;
}
