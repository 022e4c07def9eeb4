// The panel's pages, rendered on the server to plain HTML (renderToStaticMarkup): forms and
// links only. The one script is the passkey's (sign-in and enrolment), which WebAuthn needs.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { TFunction } from "i18next";

import { siteConfig } from "#app/config/site.ts";
import { panelPath } from "#app/panel/paths.ts";
import { printableText } from "#app/text/printable.ts";

export { panelPath };
export const assetsPath = `${panelPath}/assets`;

export type PageContext = {
  t: TFunction;
  lang: string;
  nonce: string;
  /** The signed-in person and the session's form token; none on the sign-in pages. */
  session?: { email: string; csrf: string };
  /** Which section of the menu the page belongs to. */
  section?: Section;
};

type Section = "messages" | "calls" | "numbers" | "site" | "people" | "editor";
const sections: { id: Section; path: string }[] = [
  { id: "messages", path: panelPath },
  { id: "calls", path: `${panelPath}/calls` },
  { id: "numbers", path: `${panelPath}/numbers` },
  { id: "site", path: `${panelPath}/site` },
  { id: "people", path: `${panelPath}/people` },
  // The content editor (server/admin.ts), behind this same sign-in.
  { id: "editor", path: "/admin" },
];

/** The session's token, which every form that changes something carries (CSRF). */
function Csrf({ context }: { context: PageContext }) {
  return <input type="hidden" name="csrf" value={context.session?.csrf ?? ""} />;
}

/** A form that changes something: POST, with the session's token. */
export function ActionForm({
  context,
  action,
  children,
  className,
}: {
  context: PageContext;
  action: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action={action} className={className ?? "inline"}>
      <Csrf context={context} />
      {children}
    </form>
  );
}

/** The whole document: head, the menu when signed in, and the page. */
export function renderPage(
  context: PageContext,
  title: string,
  body: ReactNode,
  scripts: string[] = [],
): string {
  const { t, lang, session, section, nonce } = context;
  const html = renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        <title>{`${title} · ${t("panel.name")}`}</title>
        <link rel="stylesheet" href={`${assetsPath}/panel.css`} />
        {scripts.map((src) => (
          <script key={src} src={src} nonce={nonce} defer />
        ))}
      </head>
      <body>
        <a className="skip" href="#main">
          {t("panel.skip")}
        </a>
        <header className="top">
          {/* The company's mark and name (content/company.json), as on the site's header. */}
          <p className="brand">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span className="company">{siteConfig.name}</span>
            <span>{t("panel.name")}</span>
          </p>
          {session ? (
            <>
              <nav aria-label={t("panel.menu")}>
                <ul>
                  {sections.map((entry) => (
                    <li key={entry.id}>
                      <a href={entry.path} aria-current={entry.id === section ? "page" : undefined}>
                        {t(`panel.sections.${entry.id}`)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <ActionForm context={context} action={`${panelPath}/sign-out`} className="account">
                <span className="who">{session.email}</span>{" "}
                <button type="submit" className="link">
                  {t("panel.signOut")}
                </button>
              </ActionForm>
            </>
          ) : null}
        </header>
        <main id="main">
          <h1>{title}</h1>
          {body}
        </main>
      </body>
    </html>,
  );
  // The rule of every text shown to the owner (app/text/printable.ts: the e-mails, the CSV, the
  // terminal, the feed), over the whole page: what visitors typed (names, messages, topics,
  // campaign names) reaches every section, and a bidi override in a name made "Eve
  // \u202Egnp.exe" show as "Eve exe.png" (found by a probe). The panel's own texts hold none of
  // these characters.
  return `<!doctype html>\n${printableText(html)}`;
}

/** A page that asks before something that cannot be undone, and says what will happen. */
export function confirmPage(
  context: PageContext,
  {
    title,
    text,
    action,
    confirm,
    back,
  }: { title: string; text: ReactNode; action: string; confirm: string; back: string },
) {
  return renderPage(
    context,
    title,
    <>
      {text}
      <div className="actions">
        <ActionForm context={context} action={action}>
          <button type="submit" className="danger">
            {confirm}
          </button>
        </ActionForm>
        <a href={back}>{context.t("panel.back")}</a>
      </div>
    </>,
  );
}

/** A short notice at the top of a page after a change (Post/Redirect/Get: `?done=`). */
export function Notice({ text }: { text: string | undefined }) {
  return text ? (
    <p role="status" className="notice">
      {text}
    </p>
  ) : null;
}
