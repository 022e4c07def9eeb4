// Reads the articles (content/insights/<key>/index.<lang>.md), validates their front matter and
// renders them. Runs at build only: the Vite plugin hands the result to the server bundle
// as data, and the build config reads it for the prerender list and the images.
import path from "node:path";
import { settings } from "#app/config/settings.server.ts";
import type { Language } from "#app/config/site.ts";
import { articles as articlesCollection } from "#app/content/definitions.server.ts";
import { entryFiles, peopleDir } from "#app/content/entries.server.ts";
import { readEntries } from "#app/content/read-entries.server.ts";
import { articlePath, publishedLanguages } from "#app/routing/paths.ts";
import type { Article } from "#app/insights/article-model.ts";

/** Where articles live; INSIGHTS_DIR points elsewhere (the tests' fixtures). */
export const insightsDir = () => path.resolve(settings.build.INSIGHTS_DIR);

/**
 * The build's "today" (YYYY-MM-DD, UTC): articles dated later wait for a later build.
 * INSIGHTS_NOW sets it, for tests and for building ahead of a publication day.
 */
export function buildDay(now = settings.build.INSIGHTS_NOW ?? new Date()): string {
  return now.toISOString().slice(0, 10);
}

export type LoadOptions = {
  dir?: string;
  today?: string;
  languages?: readonly Language[];
  /** Development previews: drafts and future articles too. */
  preview?: boolean;
  /** Where the people an article may name as its author live. */
  people?: string;
};

const wordsPerMinute = 200;

/**
 * Every article that is published by `today` in the given languages, newest first. Every
 * file is validated, drafts and unpublished languages included, so a mistake fails the
 * build the day it is written, not the day it goes live.
 */
async function load({
  dir = insightsDir(),
  today = buildDay(),
  languages = publishedLanguages(),
  preview = false,
  people = peopleDir(),
}: LoadOptions): Promise<Article[]> {
  const authors = new Set(entryFiles(people).map((entry) => entry.key));
  const articles: Article[] = [];
  for (const { key, lang, file, ...rendered } of await readEntries(articlesCollection, dir)) {
    const { draft, ...matter } = rendered.matter;
    if (matter.author && !authors.has(matter.author))
      throw new Error(
        `${file}: invalid front matter\n  author: no person "${matter.author}" in ${path.relative(process.cwd(), people)}`,
      );
    const upcoming = draft || matter.date > today;
    if (!languages.includes(lang) || (upcoming && !preview)) continue;
    articles.push({
      ...matter,
      key,
      lang,
      path: articlePath(lang, matter.slug),
      preview: upcoming,
      readingMinutes: Math.max(1, Math.round(rendered.words / wordsPerMinute)),
      html: rendered.html,
      translations: {},
      images: rendered.images,
    });
  }
  const paths = new Set<string>();
  for (const article of articles) {
    if (paths.has(article.path))
      throw new Error(`Two ${article.lang} articles share the slug "${article.slug}"`);
    paths.add(article.path);
    for (const translation of articles.filter((other) => other.key === article.key))
      article.translations[translation.lang] = translation.path;
  }
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));
}

const loaded = new Map<string, Promise<Article[]>>();

/** The articles, rendered once per set of options in a process (the build asks several times). */
export function loadInsights(options: LoadOptions = {}): Promise<Article[]> {
  const key = JSON.stringify([
    options.dir ?? insightsDir(),
    options.today ?? buildDay(),
    options.languages ?? publishedLanguages(),
    Boolean(options.preview),
    options.people ?? peopleDir(),
  ]);
  let articles = loaded.get(key);
  if (!articles) loaded.set(key, (articles = load(options)));
  return articles;
}
