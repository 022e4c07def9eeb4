// Reads a folder collection's entries as its definition says (app/content/definitions.server.ts):
// every file of every entry, its front matter checked against the collection's shape, its
// Markdown fields and body rendered. Runs at build only (it loads the Markdown pipeline); the
// articles', case studies' and people's builds add what is theirs (dates, URLs, photos).
import { readFileSync } from "node:fs";
import type { z } from "zod";
import type { FolderCollection } from "#app/content/definitions.server.ts";
import { entryFiles, type EntryFile } from "#app/content/entries.server.ts";
import { parseMatter } from "#app/content/parse-matter.ts";
import type { ImageVariant } from "#app/insights/article-model.ts";
import { renderMarkdown } from "#app/insights/markdown.server.ts";

/** One entry's file in one language, read and checked. */
export type ReadEntry<Matter> = EntryFile & {
  /** The front matter as the collection's shape reads it, its Markdown fields as HTML. */
  matter: Matter;
  /** The text below the front matter, rendered (empty for a collection without one). */
  html: string;
  /** The body's length in words. */
  words: number;
  /** The images the body and the Markdown fields use, to be written in their sizes. */
  images: ImageVariant[];
};

/**
 * Every file of the collection in `dir`, by folder then language. A wrong field fails, naming
 * the file and every wrong field; so does a text below the front matter where the collection
 * has none.
 */
export async function readEntries<Schema extends z.ZodType>(
  collection: FolderCollection & { schema: Schema },
  dir: string,
): Promise<ReadEntry<z.output<Schema>>[]> {
  const entries: ReadEntry<z.output<Schema>>[] = [];
  for (const entry of entryFiles(dir)) {
    const rendered = await renderMarkdown(entry.file, readFileSync(entry.file, "utf8"));
    if (!collection.body && rendered.html.trim())
      throw new Error(
        `${entry.file}: write the text in ${(collection.markdown ?? []).join(", ")}, not below`,
      );
    const matter = parseMatter(collection.schema, entry.file, rendered.data);
    const images = [...rendered.images];
    for (const field of collection.markdown ?? []) {
      const source = (matter as Record<string, unknown>)[field];
      if (typeof source !== "string") continue;
      const markdown = await renderMarkdown(`${entry.file} ${field}`, source);
      images.push(...markdown.images);
      (matter as Record<string, unknown>)[field] = markdown.html;
    }
    entries.push({ ...entry, matter, html: rendered.html, words: rendered.words, images });
  }
  return entries;
}
