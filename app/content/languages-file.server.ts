// The shape of content/languages.json: each language once, the default published, and a
// catalogue folder each (content/locales/<code>/). Apart from the other shapes because it
// reads the catalogues' folders, which only the server and the build can.
import { z } from "zod";
import { catalogueDir, catalogueParts } from "#app/i18n/catalogues.server.ts";

/** What content/languages.json must say: each language once, the default published, a catalogue each. */
export const languageFile = z.object({
  languages: z
    .array(
      z
        .object({
          code: z
            .string()
            .regex(/^[a-z]{2,3}$/, "must be a language code such as fr")
            .meta({ title: "Código", description: "es, en, ca, de…: el nombre de su carpeta de textos" }),
          locale: z
            .string()
            .refine(isLocale, "must be a locale such as fr-FR")
            .meta({ title: "Variante regional", description: "es-ES, en-GB…" }),
          published: z.boolean().meta({
            title: "Publicado",
            description: "Se publica en la web (el primero, el idioma principal, siempre)",
          }),
        })
        .refine((entry) => !isLocale(entry.locale) || localeLanguage(entry.locale) === entry.code, {
          path: ["locale"],
          error: "must be a locale of the entry's language code",
        })
        .refine((entry) => catalogueParts(entry.code).length > 0, {
          path: ["code"],
          error: (issue) =>
            `has no catalogue: ${catalogueDir((issue.input as { code: string }).code)}`,
        }),
    )
    .min(1)
    .refine((entries) => new Set(entries.map((entry) => entry.code)).size === entries.length, {
      error: "lists a language twice",
    })
    .refine((entries) => entries[0]?.published !== false, {
      error: "must publish its first language, the default",
    })
    .meta({ title: "Idiomas", description: "El primero es el principal" }),
});

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const localeLanguage = (tag: string) => new Intl.Locale(tag).language;

