import type { ReactNode } from "react";
import { ExternalLink, Mail, MapPin } from "lucide-react";
import { Logo } from "#app/components/logo.tsx";
import { siteConfig } from "#app/config/site.ts";
import { pagesIn, type PageId } from "#app/pages.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { askPath } from "#app/routing/paths.ts";

const linkClass = "text-sm text-muted hover:text-brand-text hover:underline";

function Column({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <nav aria-label={title} className={className}>
      <h2 className="text-sm font-semibold text-fg">{title}</h2>
      <ul className="mt-4 space-y-2.5">{children}</ul>
    </nav>
  );
}

function PageColumn({
  title,
  pages,
  className,
  children,
}: {
  title: string;
  pages: readonly PageId[];
  className?: string;
  /** Links after the pages' (the questions page, outside the registry). */
  children?: ReactNode;
}) {
  const { t, href } = useLocale();
  return (
    <Column title={title} className={className}>
      {pages.map((page) => (
        <li key={page}>
          <a href={href(page)} className={linkClass}>
            {t(`nav.${page}`)}
          </a>
        </li>
      ))}
      {children}
    </Column>
  );
}

/**
 * Company facts, the two brands and the link columns, all read from the site config. On
 * phones the six links fill the left column and the brands and the legal pages stack on the
 * right, so no column stands alone in half the width.
 */
export function SiteFooter() {
  const { t, href, lang } = useLocale();
  // The year is rendered at build time and kept current by the page script.
  const year = new Date().getFullYear();
  const { brands, email, linkedinUrl } = siteConfig;
  return (
    <footer className="border-t border-line bg-surface-muted">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:grid-cols-3 sm:px-6 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <a href={href("home")} aria-label={t("nav.logoHome")} className="inline-block rounded-md">
            <Logo />
          </a>
          <p className="mt-4 max-w-xs text-sm text-pretty text-muted">{t("footer.tagline")}</p>
          <ul className="mt-5 space-y-2.5 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
              <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
                {email}
              </a>
            </li>
            <li className="flex items-center gap-2 text-muted">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
              {t("contact.details.locationValue")}
            </li>
            <li className="flex items-center gap-2">
              <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
              <a href={linkedinUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t("contact.details.profileLink")}
                <span className="sr-only"> {t("contact.details.newTab")}</span>
              </a>
            </li>
          </ul>
        </div>
        <Column title={t("footer.brands")} className="max-sm:col-start-2 max-sm:row-start-2">
          {[brands.lab, brands.consultancy].map((brand) => (
            <li key={brand}>
              <a href={href("brands")} className={linkClass}>
                {brand}
              </a>
            </li>
          ))}
        </Column>
        <PageColumn
          title={t("footer.links")}
          pages={pagesIn("main")}
          className="max-sm:col-start-1 max-sm:row-span-2 max-sm:row-start-2"
        >
          {/* Here and not in the header, which keeps its five links. */}
          <li>
            <a href={askPath(lang)} className={linkClass}>
              {t("ask.link.footer")}
            </a>
          </li>
        </PageColumn>
        <PageColumn
          title={t("footer.legal")}
          pages={pagesIn("legal")}
          className="max-sm:col-start-2 max-sm:row-start-3"
        />
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted sm:px-6">
          {"© "}
          <span data-current-year suppressHydrationWarning>
            {year}
          </span>{" "}
          {siteConfig.name}
        </p>
      </div>
    </footer>
  );
}
