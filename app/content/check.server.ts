// The content files the owner edits, checked once at start by the build, the server and the
// scripts (app/config/settings.server.ts): a mistake stops them with one line per problem,
// naming the file and the field.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { bookingSchema, companySchema, servicesSchema } from "#app/content/schema.ts";
import { catalogue, catalogueDir, catalogueFile, catalogueParts } from "#app/i18n/catalogues.server.ts";

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

/** The problems of one content file's data against its shape, one line each naming the field. */
function problemsOf(file: string, schema: z.ZodType, data: unknown): string[] {
  const parsed = schema.safeParse(data);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${file} ${issue.path.join(".")}: ${issue.message}`);
}

/** The problems of content/languages.json's data; none when right. */
export const languageProblems = (data: unknown) =>
  problemsOf("content/languages.json", languageFile, data);

/** The problems of content/company.json's data; none when right. */
export const companyProblems = (data: unknown) =>
  problemsOf("content/company.json", companySchema, data);

/** Every content file's problems (content/languages.json, company.json, services.json). */
export function contentProblems(): string[] {
  const files = {
    "content/languages.json": languageFile,
    "content/company.json": companySchema,
    "content/services.json": servicesSchema,
    "content/booking.json": bookingSchema,
  };
  const problems: string[] = [];
  const data = new Map<string, unknown>();
  for (const [file, schema] of Object.entries(files)) {
    try {
      data.set(file, JSON.parse(readFileSync(file, "utf8")));
    } catch (error) {
      problems.push(`  ${file}: ${(error as Error).message}`);
      continue;
    }
    problems.push(...problemsOf(file, schema, data.get(file)));
  }
  if (problems.length > 0) return problems;
  // Each service's texts are in the catalogues under its id (the default language's shown).
  const [first] = (data.get("content/languages.json") as z.infer<typeof languageFile>).languages;
  const { services } = data.get("content/services.json") as z.infer<typeof servicesSchema>;
  if (!first) return problems;
  const items = catalogue(first.code).services.items;
  return services.flatMap((service, index) =>
    service.id in items
      ? []
      : [
          `  content/services.json services.${index}.id: "${service.id}" has no texts (items.${service.id} in ${catalogueFile(first.code, "services")})`,
        ],
  );
}
