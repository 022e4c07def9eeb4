import { useLocation, useMatches } from "react-router";
import type { Language } from "#app/config/site.ts";
import type { PageId } from "#app/pages.ts";
import { localizedPath, parseLocalizedPath, publishedLanguages } from "#app/routing/paths.ts";

/** Loader data of a page whose URL differs per language beyond the prefix (an article). */
type LanguageLinks = { languageLinks: Record<Language, string> };

const declaresLinks = (data: unknown): data is LanguageLinks =>
  typeof data === "object" && data !== null && "languageLinks" in data;

/**
 * The switcher's targets from an article or a case study: its translation in each language,
 * or that language's list (`list`) when it has none.
 */
export function translationLinks(
  translations: Partial<Record<Language, string>>,
  list: PageId = "insights",
  languages: readonly Language[] = publishedLanguages(),
): Record<Language, string> {
  return Object.fromEntries(
    languages.map((code) => [code, translations[code] ?? localizedPath(list, code)]),
  ) as Record<Language, string>;
}

/**
 * Where the language switcher leads from the current page, per published language: the
 * same registry page in that language, or what the page's loader names (an article's
 * translation, or that language's list when it has none).
 */
export function useLanguageLinks(): Record<Language, string> {
  const { page } = parseLocalizedPath(useLocation().pathname);
  const declared = useMatches()
    .map((match) => match.loaderData)
    .find(declaresLinks);
  if (declared) return declared.languageLinks;
  return Object.fromEntries(
    publishedLanguages().map((code) => [code, localizedPath(page ?? "home", code)]),
  ) as Record<Language, string>;
}
