import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { siteConfig, type Language } from "#app/config/site.ts";
import { pages, type PageId } from "#app/pages.ts";
import { defaultLanguage, localizedPath } from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

/**
 * A legal text as the page shows it: the HTML rendered at build from content/legal/ and the
 * language it is written in (the visitor's, or Spanish where no translation exists).
 */
export type LegalText = {
  lang: Language;
  html: string;
  /** The languages the text is written in (its files in content/legal/): hreflang, canonical. */
  written: Language[];
};

/** The version of a text a visitor in `lang` reads: theirs, else the Spanish one. */
export function legalTextIn(
  versions: Partial<Record<Language, string>>,
  lang: Language,
): LegalText {
  const textLang = versions[lang] === undefined ? defaultLanguage : lang;
  const html = versions[textLang];
  // The build fails without the Spanish file (app/content/legal/texts.server.ts).
  if (html === undefined) throw new Error(`No ${textLang} version of a legal text`);
  const written = siteConfig.languages.filter((code) => versions[code] !== undefined);
  return { lang: textLang, html, written };
}

/**
 * A legal page: the chrome speaks the visitor's language; the text is the visitor's
 * language version when there is one (saying that the Spanish original binds, with a link
 * to it), else the Spanish text, marked so.
 */
export function LegalPage({
  page,
  text,
  updated = siteConfig.legal.lastUpdated,
  spanishBinds = true,
}: {
  page: PageId;
  text: LegalText;
  /** ISO date shown as "last updated". */
  updated?: string;
  /** Whether the Spanish text is the binding one (legal texts), so translations say so. */
  spanishBinds?: boolean;
}) {
  const { t, lang } = useLocale();
  const textLang = text.lang;
  const updatedOn = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(updated),
  );
  return (
    <>
      <PageMeta page={page} written={text.written} />
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
      <div
        lang={textLang}
        className="legal-text mx-auto max-w-3xl px-4 py-12 sm:px-6"
        dangerouslySetInnerHTML={{ __html: text.html }}
      />
    </>
  );
}
