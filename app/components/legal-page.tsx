import type { ReactNode } from "react";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { siteConfig } from "~/config/site";
import { hasOwnText, pages, type PageId } from "~/pages";
import { useLocale } from "~/i18n/use-locale";

/**
 * A legal page: the chrome speaks the visitor's language, the legal text is
 * Spanish (marked so); other languages' copies point search engines to the Spanish page.
 */
export function LegalPage({ page, children }: { page: PageId; children: ReactNode }) {
  const { t, lang } = useLocale();
  const translated = !hasOwnText(page, lang);
  const updated = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(siteConfig.legal.lastUpdated),
  );
  return (
    <>
      <PageMeta page={page} />
      <PageHeader title={t(pages[page].heading)} narrow>
        <p className="text-base">{t("legal.lastUpdated", { date: updated })}</p>
        {translated ? <p className="mt-2 text-base">{t("legal.spanishNote")}</p> : null}
      </PageHeader>
      <div lang="es" className="legal-text mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {children}
      </div>
    </>
  );
}
