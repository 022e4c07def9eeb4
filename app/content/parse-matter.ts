// Checks an entry's front matter against its collection's shape. Apart from the files' reading
// (entries.server.ts, which reads the settings) so that the shapes can be imported by what the
// settings themselves check (app/content/definitions.server.ts).
import type { z } from "zod";

/** Checks a file's front matter against its shape; the error names the file and every wrong field. */
export function parseMatter<Schema extends z.ZodType>(
  schema: Schema,
  file: string,
  data: unknown,
): z.output<Schema> {
  // The content editor writes an emptied number or list as null: read as absent.
  const given =
    typeof data === "object" && data !== null && !Array.isArray(data)
      ? Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null))
      : (data ?? {});
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  ${issue.path.join(".") || "(front matter)"}: ${issue.message}`,
  );
  throw new Error(`${file}: invalid front matter\n${problems.join("\n")}`);
}
