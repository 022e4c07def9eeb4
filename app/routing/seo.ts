// Also run by the benchmark on plain Node: relative imports with extensions only.
import { siteConfig, type Language } from "../config/site.ts";
import { hasOwnText, pageIds, type PageId } from "../pages.ts";
import { defaultLanguage, localizedPath, publishedLanguages } from "./paths.ts";

/** Open Graph locale of each language. */
export const ogLocales: Record<Language, string> = {
  es: "es_ES",
  en: "en_GB",
  ca: "ca_ES",
  de: "de_DE",
};

export { shareImageSize as ogImage } from "../design/brand.ts";
export const ogImagePath = (lang: Language) => `/og/${lang}.png`;

export const absoluteUrl = (path: string) => siteConfig.siteUrl + path;

/** A page's document title: "Page | Company". */
export const documentTitle = (title: string) => `${title} | ${siteConfig.name}`;

/**
 * Search-engine view of one page in one language. A copy whose text exists only in Spanish
 * (a legal text) names the Spanish page as canonical (one signal only: no `noindex` beside
 * it, which would contradict the canonical) and stays out of the sitemap; the languages the
 * text is written in are each other's alternates.
 */
export function pageSeo(page: PageId, lang: Language, languages = publishedLanguages()) {
  const written = languages.filter((code) => hasOwnText(page, code));
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

/** Every canonical URL with its alternates: the sitemap's content. */
export function sitemapEntries(languages = publishedLanguages()) {
  return languages.flatMap((lang) =>
    pageIds
      .map((page) => ({ page, lang, ...pageSeo(page, lang, languages) }))
      .filter((entry) => entry.selfCanonical),
  );
}
