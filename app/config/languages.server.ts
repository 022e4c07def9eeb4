import { existsSync } from "node:fs";
import { z } from "zod";
import { catalogueFile } from "#app/i18n/catalogues.server.ts";

/** What content/languages.json must say: each language once, the default published, a catalogue each. */
const languageFile = z.object({
  languages: z
    .array(
      z
        .object({
          code: z.string().regex(/^[a-z]{2,3}$/, "must be a language code such as fr"),
          locale: z.string().refine(isLocale, "must be a locale such as fr-FR"),
          published: z.boolean(),
        })
        .refine((entry) => !isLocale(entry.locale) || localeLanguage(entry.locale) === entry.code, {
          path: ["locale"],
          error: "must be a locale of the entry's language code",
        })
        .refine((entry) => existsSync(catalogueFile(entry.code)), {
          path: ["code"],
          error: (issue) =>
            `has no catalogue: ${catalogueFile((issue.input as { code: string }).code)}`,
        }),
    )
    .min(1)
    .refine((entries) => new Set(entries.map((entry) => entry.code)).size === entries.length, {
      error: "lists a language twice",
    })
    .refine((entries) => entries[0]?.published !== false, {
      error: "must publish its first language, the default",
    }),
});

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const localeLanguage = (tag: string) => new Intl.Locale(tag).language;

/** The problems of content/languages.json's data, one line each naming the field; none when right. */
export function languageProblems(data: unknown): string[] {
  const parsed = languageFile.safeParse(data);
  return parsed.success
    ? []
    : parsed.error.issues.map(
        (issue) => `  content/languages.json ${issue.path.join(".")}: ${issue.message}`,
      );
}
