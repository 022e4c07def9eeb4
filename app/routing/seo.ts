// Also run by the benchmark on plain Node: relative imports with extensions only.
import { siteConfig, type Language } from "../config/site.ts";
import {
  defaultLanguage,
  legalPages,
  localizedPath,
  pageIds,
  publishedLanguages,
  type PageId,
} from "./paths.ts";

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

const isLegal = (page: PageId) => (legalPages as readonly string[]).includes(page);

/**
 * Search-engine view of one page in one language. Legal texts exist only in Spanish:
 * their copies in other languages name the Spanish page as canonical (one signal only:
 * no `noindex` beside it, which would contradict the canonical) and stay out of the sitemap.
 */
export function pageSeo(page: PageId, lang: Language, languages = publishedLanguages()) {
  const legal = isLegal(page);
  const canonicalLang = legal ? defaultLanguage : lang;
  const alternateLangs = legal ? [defaultLanguage] : languages;
  return {
    canonical: absoluteUrl(localizedPath(page, canonicalLang)),
    /** The page is its own canonical URL: what the sitemap lists. */
    selfCanonical: !legal || lang === defaultLanguage,
    alternates: [
      ...alternateLangs.map((code) => ({
        hreflang: code,
        href: absoluteUrl(localizedPath(page, code)),
      })),
      ...(legal
        ? []
        : [{ hreflang: "x-default", href: absoluteUrl(localizedPath(page, defaultLanguage)) }]),
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
