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
 * Fixed top bar. Below lg the links live in a native popover: it opens and closes
 * without JavaScript, closes on Escape, and browsers expose the toggle's expanded
 * state themselves. Every link loads a new page, which closes the menu. The language
 * choice and the call to action stay in the bar at every width: on a phone the
 * company's name gives them its room (the mark stays, the name is still read out),
 * and the language targets narrow from 44 px towards 24 px only as far as the bar
 * needs (four languages and a long call to action at 320 px).
 */
export function SiteHeader() {
  const { t, href, lang } = useLocale();
  const { pathname } = useLocation();
  const { page: current } = parseLocalizedPath(pathname);
  const action = callToActionPath(lang);
  // A prerendered page's path may end in a slash.
  const onAction = pathname.replace(/(.)\/$/, "$1") === action;
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 min-[380px]:px-4 sm:gap-2 sm:px-6">
        <a
          href={href("home")}
          aria-label={t("nav.logoHome")}
          className="mr-auto shrink-0 rounded-md"
        >
          <Logo compact />
        </a>
        <nav
          id={menuId}
          popover="auto"
          aria-label={t("nav.label")}
          className={cn(
            "inset-x-0 top-16 bottom-auto m-0 w-full border-b border-line bg-surface-raised p-4 text-fg shadow-raised",
            "lg:static lg:flex lg:w-auto lg:items-center lg:gap-2 lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0 lg:[box-shadow:none]",
          )}
        >
          <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
            {pagesIn("main").map((page) => (
              <li key={page}>
                <a
                  href={href(page)}
                  aria-current={page === current ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-2.5 text-base font-medium lg:py-2 lg:text-sm",
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
        </nav>
        <LanguageSwitcher className="min-w-0 shrink" />
        {/* The call to action, on every screen: the next step is never inside the menu. On
            its own page too, marked as the current page: no gap, no shift between pages. */}
        <ButtonLink
          href={action}
          size="sm"
          aria-current={onAction ? "page" : undefined}
          className="shrink-0 whitespace-nowrap max-[379px]:px-3 sm:ml-2"
          data-header-cta
        >
          {t("nav.talk")}
        </ButtonLink>
        <button
          type="button"
          popoverTarget={menuId}
          aria-label={t("nav.openMenu")}
          className="inline-flex h-11 w-10 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-fg sm:w-11 lg:hidden"
        >
          <Menu aria-hidden="true" className="menu-icon-open size-6" />
          <X aria-hidden="true" className="menu-icon-close size-6" />
        </button>
      </div>
    </header>
  );
}
