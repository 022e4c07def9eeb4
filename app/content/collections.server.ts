// Reads, checks and renders the case studies and the people (content/case-studies/ and
// content/people/, one folder per entry and a Markdown file per language). Runs at build
// only: the Vite plugins hand the result to the server bundle as data, and the build config
// reads it for the prerender list and the photos.
import path from "node:path";
import { settings } from "#app/config/settings.server.ts";
import type { Language } from "#app/config/site.ts";
import type { CaseStudy, Person } from "#app/content/collections.ts";
import {
  caseStudies as caseStudiesCollection,
  people as peopleCollection,
} from "#app/content/definitions.server.ts";
import { peopleDir } from "#app/content/entries.server.ts";
import { readEntries } from "#app/content/read-entries.server.ts";
import type { ImageVariant } from "#app/insights/article-model.ts";
import { buildDay } from "#app/insights/content.server.ts";
import { squarePhoto } from "#app/insights/images.server.ts";
import { caseStudyPath, defaultLanguage, publishedLanguages } from "#app/routing/paths.ts";

export const caseStudiesDir = () => path.resolve(settings.build.CASE_STUDIES_DIR);

/** The CSS size of a person's photo on the pages; the build writes it at 1x to 3x. */
const photoSize = 96;

type Options = {
  dir?: string;
  languages?: readonly Language[];
  /** The build's day (YYYY-MM-DD): later-dated case studies wait, as articles do. */
  today?: string;
  /** Development previews: drafts and future case studies too. */
  preview?: boolean;
};

/**
 * Loaded once per set of options in a build (the build asks several times); in development
 * (`preview`) every time, so that an edit shows on the next reload.
 */
const cached = new Map<string, Promise<unknown>>();
function once<T>(key: unknown[], load: () => Promise<T>, fresh = false): Promise<T> {
  const id = JSON.stringify(key);
  if (fresh || !cached.has(id)) cached.set(id, load());
  return cached.get(id) as Promise<T>;
}

/**
 * Every case study published by `today` in the given languages, newest first, and the
 * images their texts use. Every file is checked, drafts and other languages included.
 */
export function loadCaseStudies({
  dir = caseStudiesDir(),
  languages = publishedLanguages(),
  today = buildDay(),
  preview = false,
}: Options = {}): Promise<{ caseStudies: CaseStudy[]; images: ImageVariant[] }> {
  return once(["case-studies", dir, languages, today, preview], async () => {
    const caseStudies: CaseStudy[] = [];
    const images: ImageVariant[] = [];
    for (const entry of await readEntries(caseStudiesCollection, dir)) {
      const { key, lang } = entry;
      const { draft, ...matter } = entry.matter;
      const upcoming = draft || matter.date > today;
      if (!languages.includes(lang) || (upcoming && !preview)) continue;
      images.push(...entry.images);
      caseStudies.push({
        ...matter,
        key,
        lang,
        path: caseStudyPath(lang, matter.slug),
        preview: upcoming,
        translations: {},
      });
    }
    const paths = new Set<string>();
    for (const study of caseStudies) {
      if (paths.has(study.path))
        throw new Error(`Two ${study.lang} case studies share the slug "${study.slug}"`);
      paths.add(study.path);
      for (const translation of caseStudies.filter((other) => other.key === study.key))
        study.translations[translation.lang] = translation.path;
    }
    caseStudies.sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));
    return { caseStudies, images };
  }, preview);
}

/**
 * The people for each given page language (their text in it, else the default language's),
 * in their order, and the photo variants to write. A person needs the default language's file.
 */
export function loadPeople({
  dir = peopleDir(),
  languages = publishedLanguages(),
  preview = false,
}: Pick<Options, "dir" | "languages" | "preview"> = {}): Promise<{
  people: Partial<Record<Language, Person[]>>;
  images: ImageVariant[];
}> {
  return once(["people", dir, languages], async () => {
    const read = new Map<string, Map<Language, Person>>();
    const images: ImageVariant[] = [];
    for (const entry of await readEntries(peopleCollection, dir)) {
      const { key, lang, file, html } = entry;
      const { photo: photoFile, ...matter } = entry.matter;
      let photo;
      if (photoFile) {
        if (/^[a-z][a-z0-9+.-]*:|^\//i.test(photoFile))
          throw new Error(`${file}: photo must be a file beside the text (a relative path)`);
        const made = await squarePhoto(path.resolve(path.dirname(file), photoFile), photoSize);
        images.push(...made.variants);
        photo = made.photo;
      }
      const versions = read.get(key) ?? new Map<Language, Person>();
      versions.set(lang, { ...matter, key, lang, bio: html, photo });
      read.set(key, versions);
    }
    const originals = [...read.entries()].map(([key, versions]) => {
      const original = versions.get(defaultLanguage);
      if (!original)
        throw new Error(
          `${path.relative(process.cwd(), path.join(dir, key))}: index.${defaultLanguage}.md is missing: the other languages fall back to it`,
        );
      return { original, versions };
    });
    originals.sort(
      (a, b) => a.original.order - b.original.order || a.original.key.localeCompare(b.original.key),
    );
    const people = Object.fromEntries(
      languages.map((lang) => [
        lang,
        originals.map(({ original, versions }): Person => {
          const text = versions.get(lang) ?? original;
          // Name, photo, profile and order are the person's, whatever the language.
          return { ...original, lang: text.lang, role: text.role, bio: text.bio };
        }),
      ]),
    );
    return { people, images };
  }, preview);
}
