import type { ComponentType } from "react";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { siteConfig, type Language } from "#app/config/site.ts";
import { pages, type PageId } from "#app/pages.ts";
import { localizedPath } from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

/** A legal text per language: Spanish, the binding original, and the translations that exist. */
type LegalVersions = { es: ComponentType } & Partial<Record<Language, ComponentType>>;

/**
 * A legal page: the chrome speaks the visitor's language; the text is the visitor's
 * language version when there is one (saying that the Spanish original binds, with a link
 * to it), else the Spanish text, marked so.
 */
export function LegalPage({
  page,
  versions,
  updated = siteConfig.legal.lastUpdated,
  spanishBinds = true,
}: {
  page: PageId;
  versions: LegalVersions;
  /** ISO date shown as "last updated". */
  updated?: string;
  /** Whether the Spanish text is the binding one (legal texts), so translations say so. */
  spanishBinds?: boolean;
}) {
  const { t, lang } = useLocale();
  const textLang: Language = versions[lang] ? lang : "es";
  const Text = versions[textLang] ?? versions.es;
  const updatedOn = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(updated),
  );
  return (
    <>
      <PageMeta page={page} />
      <PageHeader title={t(pages[page].heading)} narrow>
        <p className="text-base">{t("legal.lastUpdated", { date: updatedOn })}</p>
        {textLang !== "es" && spanishBinds ? (
          <p className="mt-2 text-base">
            {t("legal.translationNote")}{" "}
            {/* Also a language choice: the remembered language would send an unprefixed URL back here. */}
            <a
              href={localizedPath(page, "es")}
              hrefLang="es"
              data-language-choice="es"
              className="font-medium text-brand-text underline"
            >
              {t("legal.readSpanish")}
            </a>
          </p>
        ) : textLang !== lang ? (
          <p className="mt-2 text-base">{t("legal.spanishNote")}</p>
        ) : null}
      </PageHeader>
      <div lang={textLang} className="legal-text mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Text />
      </div>
    </>
  );
}
