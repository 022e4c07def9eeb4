import type { Language } from "#app/config/site.ts";
import type { FrontMatter } from "#app/insights/front-matter.ts";

/** An image variant the build writes beside the pages (AVIF or WebP at one width). */
export type ImageVariant = {
  source: string;
  url: string;
  width: number;
  /** Cropped to this height (a square photo); else the original's proportions. */
  height?: number;
  format: "avif" | "webp";
};

/** One article in one language, as rendered at build. */
export type Article = Omit<FrontMatter, "draft"> & {
  /** The folder name: what the article's translations share. */
  key: string;
  lang: Language;
  /** Site-relative URL of the article. */
  path: string;
  /** Shown only in development previews: a draft or an article dated in the future. */
  preview: boolean;
  readingMinutes: number;
  /** The rendered body (no h1: the page renders the title). */
  html: string;
  /** The published translations' URLs, this one included. */
  translations: Partial<Record<Language, string>>;
  images: ImageVariant[];
};

/** What the list and the feed need of an article: everything but the body. */
export type ArticleSummary = Omit<Article, "html" | "images">;

export function summaryOf(article: Article): ArticleSummary {
  const summary: Partial<Article> = { ...article };
  delete summary.html;
  delete summary.images;
  return summary as ArticleSummary;
}

/** The day it was last changed: what the sitemap and the feed call "updated". */
export const lastModified = (article: ArticleSummary) => article.updated ?? article.date;

/** Where the build writes the article's social card. */
export const articleImagePath = (article: Pick<Article, "lang" | "slug">) =>
  `/og/insights/${article.lang}/${article.slug}.png`;

/** A day (YYYY-MM-DD) as the language writes it: "12 de noviembre de 2026". */
export const formatDay = (day: string, lang: Language) =>
  new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(day));
