import { Menu, X } from "lucide-react";
import { useLocation } from "react-router";
import { LanguageSwitcher } from "#app/components/language-switcher.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Logo } from "#app/components/logo.tsx";
import { pagesIn } from "#app/pages.ts";
import { callToActionPath, parseLocalizedPath } from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { cn } from "#app/components/ui/cn.ts";

const menuId = "site-menu";

/**
 * Fixed top bar. Below md the links and the language choice live in a native
 * popover: it opens and closes without JavaScript, closes on Escape, and
 * browsers expose the toggle's expanded state themselves. Every link loads a
 * new page, which closes the menu. The call to action stays in the bar.
 */
export function SiteHeader() {
  const { t, href, lang } = useLocale();
  const { pathname } = useLocation();
  const { page: current } = parseLocalizedPath(pathname);
  const action = callToActionPath(lang);
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <a href={href("home")} aria-label={t("nav.logoHome")} className="mr-auto rounded-md">
          <Logo compact />
        </a>
        <nav
          id={menuId}
          popover="auto"
          aria-label={t("nav.label")}
          className={cn(
            "inset-x-0 top-16 bottom-auto m-0 w-full border-b border-line bg-surface-raised p-4 text-fg shadow-raised",
            "md:static md:flex md:w-auto md:items-center md:gap-2 md:overflow-visible md:border-0 md:bg-transparent md:p-0 md:shadow-none",
          )}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            {pagesIn("main").map((page) => (
              <li key={page}>
                <a
                  href={href(page)}
                  aria-current={page === current ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-2.5 text-base font-medium md:py-2 md:text-sm",
                    page === current
                      ? "text-brand-text"
                      : "text-muted hover:bg-surface-muted hover:text-fg",
                  )}
                >
                  {t(`nav.${page}`)}
                </a>
              </li>
            ))}
          </ul>
          {/* In the menu on phones, so that the bar keeps room for the call to action. */}
          <LanguageSwitcher className="mt-3 border-t border-line pt-3 md:mt-0 md:border-0 md:pt-0" />
        </nav>
        {/* The call to action, on every screen: the next step is never inside the menu. On
            its own page it keeps its place, hidden, so the header does not shift between pages. */}
        <div className={cn("ml-1 sm:ml-2", pathname === action && "invisible")}>
          <ButtonLink href={action} size="sm" data-header-cta>
            {t("nav.talk")}
          </ButtonLink>
        </div>
        <button
          type="button"
          popoverTarget={menuId}
          aria-label={t("nav.openMenu")}
          className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-fg md:hidden"
        >
          <Menu aria-hidden="true" className="menu-icon-open size-6" />
          <X aria-hidden="true" className="menu-icon-close size-6" />
        </button>
      </div>
    </header>
  );
}
