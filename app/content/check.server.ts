// The content files the owner edits, checked once at start by the build, the server and the
// scripts (app/config/settings.server.ts): a mistake stops them with one line per problem,
// naming the file and the field.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { contentCollections, type FileCollection } from "#app/content/definitions.server.ts";
import { languageFile } from "#app/content/languages-file.server.ts";
import { companySchema, type servicesSchema } from "#app/content/schema.ts";
import { catalogue, catalogueFile } from "#app/i18n/catalogues.server.ts";

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

/**
 * Every one-file collection's problems (content/languages.json, company.json, services.json,
 * booking.json: app/content/definitions.server.ts), then the services' texts.
 */
export function contentProblems(collections = contentCollections): string[] {
  const files = collections.filter(
    (collection): collection is FileCollection => collection.kind === "file",
  );
  const problems: string[] = [];
  const data = new Map<string, unknown>();
  for (const { file, schema } of files) {
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
