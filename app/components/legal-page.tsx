import type { ComponentType } from "react";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { siteConfig, type Language } from "~/config/site";
import { localizedPath, type legalPages } from "~/routing/paths";
import { useLocale } from "~/i18n/use-locale";

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
}: {
  page: (typeof legalPages)[number];
  versions: LegalVersions;
}) {
  const { t, lang } = useLocale();
  const textLang: Language = versions[lang] ? lang : "es";
  const Text = versions[textLang] ?? versions.es;
  const updated = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(siteConfig.legal.lastUpdated),
  );
  return (
    <>
      <PageMeta page={page} />
      <PageHeader title={t(`legal.${page}.meta.title`)}>
        <p className="text-base">{t("legal.lastUpdated", { date: updated })}</p>
        {textLang !== "es" ? (
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
        ) : lang !== "es" ? (
          <p className="mt-2 text-base">{t("legal.spanishNote")}</p>
        ) : null}
      </PageHeader>
      <div lang={textLang} className="legal-text mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Text />
      </div>
    </>
  );
}
