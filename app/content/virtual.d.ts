declare module "virtual:case-studies" {
  import type { CaseStudy, CaseStudySummary } from "#app/content/collections.ts";
  /** Published case studies of the published languages, newest first, rendered at build. */
  export const caseStudies: CaseStudy[];
  /** The same without their three parts: for the list and the sitemap. */
  export const caseStudySummaries: CaseStudySummary[];
}

declare module "virtual:people" {
  import type { Language } from "#app/config/site.ts";
  import type { Person } from "#app/content/collections.ts";
  /** The people for each published page language, in their order. */
  export const people: Partial<Record<Language, Person[]>>;
}

declare module "virtual:collection-entries" {
  import type { CollectionEntry } from "#app/content/collection-site.server.ts";
  /** The entries of each collection with pages and no build of its own, by its name. */
  export const collectionEntries: Record<string, CollectionEntry[]>;
}

interface ImportMetaEnv {
  /** The collections with entries in this build, comma-separated (vite.config.ts). */
  readonly CONTENT_COLLECTIONS?: string;
}
