import { useTranslation } from "react-i18next";
import type { Language } from "#app/config/site.ts";
import type { PageId } from "#app/pages.ts";
import { localizedPath } from "#app/routing/paths.ts";

/** The page's language, its translate function and links to pages in that language. */
export function useLocale() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return { t, lang, href: (page: PageId) => localizedPath(page, lang) };
}
