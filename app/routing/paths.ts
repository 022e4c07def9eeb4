import { siteConfig, type Language, type SiteConfig } from "#app/config/site.ts";
import { pageIds, pages, type PageId } from "#app/pages.ts";

export const defaultLanguage: Language = siteConfig.languages[0] ?? "es";

/** The languages that get URLs, in switcher order (`publishedLanguages` in app/config/site.ts). */
export function publishedLanguages(
  config: Pick<SiteConfig, "languages" | "publishedLanguages"> = siteConfig,
): Language[] {
  return config.languages.filter((lang) => config.publishedLanguages.includes(lang));
}

/** `/about` for Spanish, `/en/about` for English, `/en` for the English home. */
export function localizedPath(page: PageId, lang: Language): string {
  const prefix = lang === defaultLanguage ? "" : `/${lang}`;
  const slug = pages[page].slug;
  if (slug) return `${prefix}/${slug}`;
  return prefix || "/";
}

/** An article's URL: under its language's insights list (`/en/insights/<slug>`). */
export const articlePath = (lang: Language, slug: string) =>
  `${localizedPath("insights", lang)}/${slug}`;

/** A case study's URL: under its language's list (`/en/case-studies/<slug>`). */
export const caseStudyPath = (lang: Language, slug: string) =>
  `${localizedPath("caseStudies", lang)}/${slug}`;

/** The Atom feed of a language's articles. */
export const insightsFeedPath = (lang: Language) => articlePath(lang, "feed.xml");

const sentSlug = "sent";

/**
 * Where a successful submission of the contact form without JavaScript is redirected
 * (Post/Redirect/Get), so a refresh never sends the message twice. It sits under the
 * contact page of its language: the prefix says the language, the page is the contact page.
 */
export function contactSentPath(lang: Language): string {
  return `${localizedPath("contact", lang)}/${sentSlug}`;
}

/**
 * The booking page of a language (`/book`, `/en/book`): rendered per request, since its free
 * slots change by the minute. Beside the registry pages, under the language's prefix.
 */
export function bookingPath(lang: Language): string {
  const prefix = lang === defaultLanguage ? "" : `/${lang}`;
  return `${prefix}/book`;
}

/**
 * Whether this build offers booking a call (BOOKING_OFFERED, app/config/settings.server.ts):
 * the prerendered pages are made before the server reads its calendar, so their calls to
 * action follow the build. Scripts run by Node alone see false.
 */
export const bookingOffered: boolean = import.meta.env?.BOOKING_OFFERED === "true";

/**
 * Where the site's call to action leads: the header's button, the closing band's, an
 * article's. The booking page when the build offers booking, else the contact page. One
 * place, so that changing the next step changes it everywhere.
 */
export const callToActionPath = (lang: Language, offered: boolean = bookingOffered) =>
  offered ? bookingPath(lang) : localizedPath("contact", lang);

/**
 * The page answering visitors' questions from the site's own pages (`/ask`, `/en/ask`):
 * rendered per request, since its answer depends on the question (`?q=`).
 */
export function askPath(lang: Language): string {
  const prefix = lang === defaultLanguage ? "" : `/${lang}`;
  return `${prefix}/ask`;
}

/** Where a visitor's signed link shows, cancels or moves a booked call. */
export const bookingManagePath = (lang: Language) => `${bookingPath(lang)}/manage`;

/** URLs rendered per request, never prerendered: the server hands them to React Router. */
export function dynamicPagePaths(languages: readonly Language[] = publishedLanguages()): string[] {
  return languages.flatMap((lang) => [contactSentPath(lang), ...bookingPaths(lang), askPath(lang)]);
}

/** The booking pages of a language; their forms post to themselves. */
export const bookingPaths = (lang: Language) => [bookingPath(lang), bookingManagePath(lang)];

/** Every page × published language URL: the list the build prerenders. */
export function allPagePaths(languages: readonly Language[] = publishedLanguages()): string[] {
  return languages.flatMap((lang) => pageIds.map((page) => localizedPath(page, lang)));
}

/**
 * Reads the language and page from a URL path. Unknown paths still get a
 * language (the prefix's when it is a published one, else the default) so the
 * 404 page speaks the visitor's language.
 */
export function parseLocalizedPath(
  pathname: string,
  languages: readonly Language[] = publishedLanguages(),
): { lang: Language; page: PageId | null } {
  const segments = pathname.split("/").filter(Boolean);
  const first = segments[0] ?? "";
  const prefixed = languages.find((lang) => lang !== defaultLanguage && lang === first);
  const lang = prefixed ?? defaultLanguage;
  const rest = prefixed ? segments.slice(1) : segments;
  // The contact page's "message sent" state belongs to the contact page.
  if (rest.length === 2 && rest[0] === pages.contact.slug && rest[1] === sentSlug) {
    return { lang, page: "contact" };
  }
  if (rest.length > 1) return { lang, page: null };
  const slug = rest[0] ?? "";
  const page = pageIds.find((id) => pages[id].slug === slug) ?? null;
  return { lang, page };
}
