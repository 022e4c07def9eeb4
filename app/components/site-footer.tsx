import { Logo } from "~/components/logo";
import { siteConfig } from "~/config/site";
import { legalPages, mainPages, type PageId } from "~/lib/site-paths";
import { useLocale } from "~/lib/use-locale";

function LinkColumn({ title, pages }: { title: string; pages: readonly PageId[] }) {
  const { t, href } = useLocale();
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2">
        {pages.map((page) => (
          <li key={page}>
            <a
              href={href(page)}
              className="text-sm text-slate-600 hover:text-brand-700 hover:underline"
            >
              {t(`nav.${page}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { t, href } = useLocale();
  // The year is rendered at build time and kept current by the page script.
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div>
          <a href={href("home")} aria-label={t("nav.logoHome")} className="inline-block rounded-md">
            <Logo />
          </a>
          <p className="mt-4 text-sm text-slate-600">
            {"© "}
            <span data-current-year suppressHydrationWarning>
              {year}
            </span>{" "}
            {siteConfig.name}
          </p>
        </div>
        <LinkColumn title={t("footer.links")} pages={mainPages} />
        <LinkColumn title={t("footer.legal")} pages={legalPages} />
      </div>
    </footer>
  );
}
