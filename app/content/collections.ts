// The case studies and the people as the pages receive them (rendered at build by
// app/content/collections.server.ts). Both ship empty: the site shows them once they have
// entries, and the go-live check lists them while they have none.
import type { Language } from "#app/config/site.ts";
import type { CaseStudyMatter } from "#app/content/schema.ts";
import type { Photo } from "#app/insights/images.server.ts";

/** One person in one page language: their own text in it, else the default language's. */
export type Person = {
  /** Their folder under content/people: what articles name as `author`. */
  key: string;
  /** The language the role and bio are written in. */
  lang: Language;
  name: string;
  role: string;
  /** The short bio, rendered. */
  bio: string;
  profile?: string;
  answersMessages: boolean;
  /** Lower first. */
  order: number;
  photo?: Photo;
};

/** One case study in one language, its three parts rendered. */
export type CaseStudy = Omit<CaseStudyMatter, "draft"> & {
  key: string;
  lang: Language;
  /** Site-relative URL. */
  path: string;
  /** Shown only in development previews: a draft or one dated in the future. */
  preview: boolean;
  /** The published translations' URLs, this one included. */
  translations: Partial<Record<Language, string>>;
};

/** What the list needs of a case study: everything but its three parts. */
export type CaseStudySummary = Omit<CaseStudy, "challenge" | "approach" | "result">;

export function caseStudySummary(study: CaseStudy): CaseStudySummary {
  const summary: Partial<CaseStudy> = { ...study };
  delete summary.challenge;
  delete summary.approach;
  delete summary.result;
  return summary as CaseStudySummary;
}
