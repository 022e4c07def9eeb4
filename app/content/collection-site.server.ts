// The site's pages of the collections whose definition declares them (`site` in
// app/content/definitions.server.ts): their routes, and the entries of those without a build
// of their own, for the prerendering, the sitemap and their route module.
import path from "node:path";
import type { Language } from "#app/config/site.ts";
import {
  contentCollections,
  type Collection,
  type FolderCollection,
} from "#app/content/definitions.server.ts";
import { readEntries } from "#app/content/read-entries.server.ts";
import { localizedPath } from "#app/routing/paths.ts";

type SiteCollection = FolderCollection & { site: NonNullable<FolderCollection["site"]> };

/** The collections with pages on the site, in the definitions' order. */
export const siteCollections = (collections: readonly Collection[] = contentCollections) =>
  collections.filter(
    (collection): collection is SiteCollection =>
      collection.kind === "folder" && collection.site !== undefined,
  );

/** The entry pages' routes: per collection and language, `<list's path>/:slug`. */
export function entryRoutes(languages: readonly Language[], collections = contentCollections) {
  return siteCollections(collections).flatMap(({ site }) =>
    languages.map((lang) => ({
      path: `${localizedPath(site.list, lang)}/:slug`,
      module: site.entry.module,
      id: `${lang}/${site.entry.id}`,
    })),
  );
}

/** One entry in one language, as its page and the sitemap need it. */
export type CollectionEntry = {
  key: string;
  lang: Language;
  slug: string;
  path: string;
  /** The URLs of its published languages, this one included: the page's alternates. */
  translations: Partial<Record<Language, string>>;
  /** The front matter, its Markdown fields as HTML. */
  matter: Record<string, unknown>;
  html: string;
};

/**
 * The entries of a collection without a build of its own, in the given languages. An entry's
 * slug is its front matter's `slug` where it has one, else its folder's name.
 */
export async function collectionEntries(
  collection: SiteCollection,
  languages: readonly Language[],
  dir = path.resolve(collection.folder),
): Promise<CollectionEntry[]> {
  const read = (await readEntries(collection, dir)).filter((entry) =>
    languages.includes(entry.lang),
  );
  const entries = read.map(({ key, lang, matter, html }) => {
    const fields = matter as Record<string, unknown>;
    const slug = typeof fields.slug === "string" ? fields.slug : key;
    const entryPath = `${localizedPath(collection.site.list, lang)}/${slug}`;
    return { key, lang, slug, path: entryPath, translations: {}, matter: fields, html };
  });
  for (const entry of entries)
    entry.translations = Object.fromEntries(
      entries.filter((other) => other.key === entry.key).map((other) => [other.lang, other.path]),
    );
  return entries;
}

/** Every collection without a build of its own by name, its entries: `virtual:collection-entries`. */
export async function ownlessEntries(
  languages: readonly Language[],
  collections = contentCollections,
): Promise<Record<string, CollectionEntry[]>> {
  return Object.fromEntries(
    await Promise.all(
      siteCollections(collections)
        .filter((collection) => !collection.site.own)
        .map(async (collection) => [
          collection.name,
          await collectionEntries(collection, languages),
        ]),
    ),
  );
}
