import type { ReactNode } from "react";
import { isRouteErrorResponse, Meta, Outlet, Scripts, useMatches } from "react-router";
import type { Route } from "./+types/root";
// The stylesheet goes inline: no render-blocking request. Each prerendered page keeps only
// the rules its markup uses, each page rendered per request those its route can show
// (scripts/page-styles.ts).
import styles from "#app/app.css?inline";
// The headings face, asked for from the head rather than at the first layout: with
// `font-display: optional` (app.css) a page shows it only if it is there in time.
import headingsFont from "#app/fonts/headings-latin.woff2?url";
import { Motif } from "#app/components/motif.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { useBrowserEntry } from "#app/browser-entry.ts";
import { themeColors } from "#app/design/brand.ts";
import { useNonce } from "#app/nonce.ts";
import { usePageStylesheet } from "#app/page-stylesheet.ts";
import { hydrates, isPageId } from "#app/pages.ts";
import pageScript from "#app/page-script.js?inline-script";
import { useLocale } from "#app/i18n/use-locale.ts";
import { askPath, insightsFeedPath } from "#app/routing/paths.ts";

/**
 * Page routes are named `<lang>/<page>` (app/routes.ts); the registry says which hydrate.
 * Routes outside it (the booking page) say so with `handle = { hydrate: true }`.
 */
function isInteractive({ id, handle }: { id: string; handle: unknown }): boolean {
  const page = id.split("/")[1] ?? "";
  if (isPageId(page)) return hydrates(page);
  return (handle as { hydrate?: boolean } | undefined)?.hydrate === true;
}

/**
 * Loads the browser entry, which hydrates the page's island, when the visitor reaches for
 * it (pointer, touch or keyboard focus). Until then the page is plain HTML and its form
 * already works as a normal POST, so nothing waits for JavaScript and the first paint
 * competes with no script. An island whose first render depends on the browser
 * (`data-island="eager"`: the booking calendar, whose times are on the visitor's clock) loads
 * once the page has loaded, so the times a visitor reads before reaching for it are already on
 * the clock the confirmation uses. In development <Scripts /> adds hot reloading. The entry's
 * URL comes from app/entry.server.tsx (React Router's `EntryContext`), since <Scripts /> has no
 * option to load the entry later.
 */
function IslandScripts() {
  const entry = useBrowserEntry();
  const nonce = useNonce();
  if (import.meta.env.DEV || !entry) return <Scripts />;
  const loader =
    `const load=()=>import(${JSON.stringify(entry)});` +
    `for(const island of document.querySelectorAll("[data-island]")){` +
    `if(island.dataset.island==="eager")` +
    `document.readyState==="complete"?load():addEventListener("load",load,{once:true});` +
    `for(const type of["pointerover","touchstart","focusin"])` +
    `island.addEventListener(type,load,{once:true,passive:true});}`;
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const { t, lang } = useLocale();
  const nonce = useNonce();
  // Pages without interaction ship no React at all.
  const hydrate = useMatches().some(isInteractive);
  const stylesheet = usePageStylesheet() ?? styles;
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link
          rel="preload"
          href={headingsFont}
          as="font"
          type="font/woff2"
          crossOrigin="anonymous"
        />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link
          rel="alternate"
          type="application/atom+xml"
          title={t("insights.feedTitle")}
          href={insightsFeedPath(lang)}
        />
        <meta
          name="theme-color"
          media="(prefers-color-scheme: light)"
          content={themeColors.light}
        />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={themeColors.dark} />
        <Meta />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: stylesheet }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: pageScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-surface-raised px-4 py-2 font-semibold text-brand-text shadow-raised focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t("nav.skipToContent")}
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
          {children}
        </main>
        <SiteFooter />
        {hydrate ? <IslandScripts /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The 404 and error page: on the base surface (the footer below is the muted one), with
 * the way home and, for a missed page, the two places most visitors are after.
 */
function StatusPanel({
  title,
  text,
  backHome,
  suggest = false,
}: {
  title: string;
  text: string;
  backHome: string;
  suggest?: boolean;
}) {
  const { t, href, lang } = useLocale();
  return (
    <section className="relative isolate flex min-h-[70svh] items-center overflow-hidden border-b border-line bg-surface">
      <div className="mx-auto max-w-2xl px-4 py-24 text-center motion-safe:animate-enter sm:px-6">
        <h1 className="text-4xl tracking-tight text-balance text-fg sm:text-5xl">{title}</h1>
        <p className="mt-4 text-lg text-muted">{text}</p>
        <ButtonLink href={href("home")} className="mt-8">
          {backHome}
        </ButtonLink>
        {suggest ? (
          <nav aria-labelledby="not-found-suggestions" className="mt-10">
            <p id="not-found-suggestions" className="text-sm text-muted">
              {t("notFound.suggestions")}
            </p>
            <ul className="mt-2 flex justify-center gap-6">
              {(["services", "contact"] as const).map((page) => (
                <li key={page}>
                  <a
                    href={href(page)}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-text hover:underline"
                  >
                    {t(`nav.${page}`)}
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-6">
              <a
                href={askPath(lang)}
                className="inline-flex min-h-11 items-center font-semibold text-brand-text hover:underline"
              >
                {t("ask.link.notFound")}
              </a>
            </p>
          </nav>
        ) : null}
      </div>
      <Motif className="absolute inset-x-0 bottom-0 -z-10 h-40 w-full text-brand-text opacity-20 fade-up" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLocale();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div data-not-found>
        <PageMeta title={t("notFound.metaTitle")} />
        <StatusPanel
          title={t("notFound.title")}
          text={t("notFound.text")}
          backHome={t("notFound.backHome")}
          suggest
        />
      </div>
    );
  }
  // Never show details to visitors; the server has logged the error.
  return (
    <>
      <PageMeta title={t("error.metaTitle")} />
      <StatusPanel title={t("error.title")} text={t("error.text")} backHome={t("error.backHome")} />
    </>
  );
}
