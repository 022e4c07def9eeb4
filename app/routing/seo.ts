import { languageEntries, siteConfig, type Language } from "#app/config/site.ts";
import { lastModified, type ArticleSummary } from "#app/insights/article-model.ts";
import { pageIds, type PageId } from "#app/pages.ts";
import { defaultLanguage, localizedPath, publishedLanguages } from "#app/routing/paths.ts";

/** Open Graph locale of each language. */
/** Each language's og:locale (`en_GB`), from its locale in content/languages.json. */
export const ogLocales: Readonly<Record<Language, string>> = Object.fromEntries(
  languageEntries.map((entry) => [entry.code, entry.locale.replace("-", "_")]),
);

export { shareImageSize as ogImage } from "#app/design/brand.ts";
export const ogImagePath = (lang: Language) => `/og/${lang}.png`;

export const absoluteUrl = (path: string) => siteConfig.siteUrl + path;

/** A page's document title: "Page | Company". */
export const documentTitle = (title: string) => `${title} | ${siteConfig.name}`;

/**
 * Search-engine view of one page in one language. `written`: the languages its text exists in,
 * when not every one (a legal text: its files in content/legal/). A copy whose text exists only
 * in Spanish names the Spanish page as canonical (one signal only: no `noindex` beside it,
 * which would contradict the canonical) and stays out of the sitemap; the languages the text
 * is written in are each other's alternates.
 */
export function pageSeo(
  page: PageId,
  lang: Language,
  writtenIn: readonly Language[] = publishedLanguages(),
  languages: readonly Language[] = publishedLanguages(),
) {
  const written = languages.filter((code) => writtenIn.includes(code));
  const canonicalLang = written.includes(lang) ? lang : defaultLanguage;
  return {
    canonical: absoluteUrl(localizedPath(page, canonicalLang)),
    /** The page is its own canonical URL: what the sitemap lists. */
    selfCanonical: canonicalLang === lang,
    alternates: [
      ...written.map((code) => ({ hreflang: code, href: absoluteUrl(localizedPath(page, code)) })),
      ...(written.length > 1
        ? [{ hreflang: "x-default", href: absoluteUrl(localizedPath(page, defaultLanguage)) }]
        : []),
    ],
  };
}

/**
 * Every canonical URL with its alternates: the sitemap's content. `written` gives the
 * languages a page's text exists in when not every one (the legal texts).
 */
export function sitemapEntries(
  written: (page: PageId) => readonly Language[] | undefined = () => undefined,
  languages = publishedLanguages(),
) {
  return languages.flatMap((lang) =>
    pageIds
      .map((page) => ({
        page,
        lang,
        ...pageSeo(page, lang, written(page) ?? languages, languages),
      }))
      .filter((entry) => entry.selfCanonical),
  );
}

/**
 * Search-engine view of an article: each article is its own canonical URL, and its
 * alternates are the translations that exist (none for a language it lacks), plus x-default
 * to the Spanish original when there is one and more than one language.
 */
export function articleSeo(article: Pick<ArticleSummary, "path" | "translations">) {
  const alternates = siteConfig.languages.flatMap((code) => {
    const path = article.translations[code];
    return path ? [{ hreflang: code, href: absoluteUrl(path) }] : [];
  });
  const original = article.translations[defaultLanguage];
  return {
    canonical: absoluteUrl(article.path),
    alternates: [
      ...alternates,
      ...(alternates.length > 1 && original
        ? [{ hreflang: "x-default", href: absoluteUrl(original) }]
        : []),
    ],
  };
}

/** The sitemap's entries for articles, each with the day it last changed. */
export function articleSitemapEntries(articles: readonly ArticleSummary[]) {
  return articles.map((article) => ({
    ...articleSeo(article),
    lastmod: lastModified(article),
  }));
}
