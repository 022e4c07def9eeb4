// What a page's head must name for search engines, worked out from the page registry and
// the legal texts' files (not from the code that writes the head): checked in the browser
// by the page sweep and in the served HTML by seo.spec.ts.
import type { Language } from "#app/config/site.ts";
import { textLanguages } from "#app/content/legal/texts.server.ts";
import type { PageId } from "#app/pages.ts";
import { absoluteUrl } from "#app/routing/seo.ts";
import { defaultLanguage, localizedPath, parseLocalizedPath } from "#app/routing/paths.ts";

function pageOf(path: string, languages: readonly Language[]) {
  const { lang, page } = parseLocalizedPath(path, languages) as { lang: Language; page: PageId };
  // The languages the page's text is written in (every one but for some legal texts).
  const written = languages.filter((code) => textLanguages(page).includes(code));
  return { lang, page, written, spanish: absoluteUrl(localizedPath(page, defaultLanguage)) };
}

/** A copy showing the Spanish text names the Spanish page; the others themselves. */
export function canonicalUrl(path: string, languages: readonly Language[]) {
  const { lang, written, spanish } = pageOf(path, languages);
  return written.includes(lang) ? absoluteUrl(path) : spanish;
}

/**
 * The hreflang links: the written languages, plus x-default when there is a choice, absolute;
 * the same set on every copy, so each alternate lists this page back.
 */
export function alternateLinks(path: string, languages: readonly Language[]): string[][] {
  const { page, written, spanish } = pageOf(path, languages);
  return [
    ...written.map((code) => [code, absoluteUrl(localizedPath(page, code))]),
    ...(written.length > 1 ? [["x-default", spanish]] : []),
  ];
}
