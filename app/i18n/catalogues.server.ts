import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { languages, type Language } from "#app/config/site.ts";
import { keysOf, textsOf } from "#app/i18n/catalogue-keys.ts";
import type { Messages } from "#app/i18n/i18n.ts";
import { typographicApostrophes } from "#app/text/typography.ts";

/**
 * Where each language's catalogue is: content/locales/<code>/, one file per page or part of
 * the site (home.json holds the texts under `home.`), read from the project folder, where the
 * server, the build and the scripts all run. The files are merged into one catalogue, so the
 * pages' keys stay whole ("home.hero.title"): a new part of the site is a new file in each
 * language's folder, and no code lists them. A catalogue and its entry in
 * content/languages.json are all a language needs: no code names a language.
 */
export const catalogueDir = (lang: string, root = "content/locales") => path.resolve(root, lang);

/** The file of one part of a language's catalogue: content/locales/<code>/<part>.json. */
export const catalogueFile = (lang: string, part: string, root?: string) =>
  path.join(catalogueDir(lang, root), `${part}.json`);

/** The parts a language's catalogue is made of (its files' names), in name order. */
export function catalogueParts(lang: string, root?: string): string[] {
  const dir = catalogueDir(lang, root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
}

/** A language's files merged into one catalogue, each under its name, apostrophes typographic. */
function readCatalogue(lang: string, root?: string): Record<string, object> {
  const parts = catalogueParts(lang, root);
  if (parts.length === 0)
    throw new Error(
      `${path.relative(process.cwd(), catalogueDir(lang, root))}: no catalogue files`,
    );
  return Object.fromEntries(
    parts.map((part) => [
      part,
      // Apostrophes as a typographer sets them, however the owner typed them in the editor.
      JSON.parse(readFileSync(catalogueFile(lang, part, root), "utf8"), (_key, value: unknown) =>
        typeof value === "string" ? typographicApostrophes(value) : value,
      ) as object,
    ]),
  );
}

const read = new Map<Language, Messages>();
/** `npm run dev` reads a catalogue again on each call: an edited text shows on the next request. */
const rereads = process.env.NODE_ENV === "development";

/** A language's catalogue (read once, its apostrophes typographic), or an error naming the missing folder. */
export function catalogue(lang: Language): Messages {
  let messages = read.get(lang);
  if (!messages) {
    if (!languages.includes(lang)) throw new Error(`"${lang}" is not in content/languages.json`);
    messages = readCatalogue(lang) as unknown as Messages;
    if (!rereads) read.set(lang, messages);
  }
  return messages;
}

/**
 * Every catalogue against the default language's, the source of truth: one line per file or
 * key a catalogue lacks, has beyond it, or leaves empty, naming the file and the key within
 * it (what `npm run deploy` tells the owner; app/i18n/i18n.test.ts checks the same in the tests).
 */
export function catalogueProblems(codes: readonly string[] = languages, root?: string): string[] {
  const [source, ...others] = codes;
  if (!source) return [];
  const relative = (file: string) => path.relative(process.cwd(), file);
  const sourceParts = catalogueParts(source, root);
  const spanish = readCatalogue(source, root);
  return others.flatMap((lang) => {
    const parts = catalogueParts(lang, root);
    if (parts.length === 0)
      return [
        `  ${relative(catalogueDir(lang, root))}: no catalogue files (${relative(catalogueDir(source, root))} has them)`,
      ];
    const messages = readCatalogue(lang, root);
    return [
      ...sourceParts
        .filter((part) => !parts.includes(part))
        .map(
          (part) =>
            `  ${relative(catalogueFile(lang, part, root))}: missing (${relative(catalogueFile(source, part, root))} has it)`,
        ),
      ...parts
        .filter((part) => !sourceParts.includes(part))
        .map(
          (part) =>
            `  ${relative(catalogueFile(lang, part, root))}: not in ${relative(catalogueDir(source, root))}`,
        ),
      ...sourceParts
        .filter((part) => parts.includes(part))
        .flatMap((part) => {
          const file = relative(catalogueFile(lang, part, root));
          const sourceFile = relative(catalogueFile(source, part, root));
          const sourceKeys = new Set(keysOf(spanish[part] ?? {}));
          const texts = new Map(textsOf(messages[part] ?? {}));
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
        }),
    ];
  });
}

/**
 * The source of app/i18n/messages.ts: the catalogue's type, one property per file of the
 * default language's catalogue, so `t()` keys are checked against the texts. `npm run
 * typecheck` writes it (scripts/messages-type.ts); app/i18n/i18n.test.ts fails while it is
 * out of date.
 */
export function messagesTypeSource(): string {
  const [source = "es"] = languages;
  const parts = catalogueParts(source);
  return [
    `// Made by scripts/messages-type.ts (npm run typecheck) from content/locales/${source}/: do not edit.`,
    "// The catalogue's shape: one property per file, as app/i18n/catalogues.server.ts merges them.",
    ...parts.map(
      (part, index) => `import type part${index} from "#content/locales/${source}/${part}.json";`,
    ),
    "",
    "export type Messages = {",
    ...parts.map(
      (part, index) =>
        `  ${/^[A-Za-z_$][\w$]*$/.test(part) ? part : JSON.stringify(part)}: typeof part${index};`,
    ),
    "};",
    "",
  ].join("\n");
}
