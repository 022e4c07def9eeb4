// The site's facts: the company's (content/company.json, fictional examples a company
// replaces with its own), its languages (content/languages.json) and the build's address.
// Components and catalogues read these values and never repeat them.
import type { Company } from "#app/content/schema.ts";
import company from "#content/company.json" with { type: "json" };
import languageData from "#content/languages.json" with { type: "json" };

/**
 * Every language the site has texts for, in switcher order, from content/languages.json: the
 * first is the default, served unprefixed; the published ones get URLs. Adding a language: its
 * catalogue (content/locales/<code>/) and its entry there. Checked at build and at start
 * (app/content/check.server.ts).
 */
export const languageEntries: readonly LanguageEntry[] = languageData.languages;
export const languages: readonly Language[] = languageEntries.map((entry) => entry.code);
/** A language's code: its URL prefix and the html lang (`es`, `en`). */
export type Language = string;
type LanguageEntry = {
  code: Language;
  /** Its locale with the region its readers are in (`en-GB`): the page's og:locale. */
  locale: string;
  published: boolean;
};

export type SiteConfig = Company & {
  /** Absolute origin of the public site, without a trailing slash. */
  siteUrl: string;
  /** Languages in switcher order; the first one is the default and is served unprefixed. */
  languages: readonly Language[];
  /**
   * The languages that get URLs, a switcher button, prerendered pages and a feed; the others
   * keep their texts but are not offered. The build setting VITE_PUBLISHED_LANGUAGES overrides
   * content/languages.json's choice.
   */
  publishedLanguages: readonly Language[];
};

/**
 * The company's facts (content/company.json, checked at start against its shape in
 * app/content/schema.ts) with the build's address and languages.
 */
export const siteConfig: SiteConfig = {
  ...(company as Company),
  // The build puts SITE_URL here (vite.config.ts); scripts run by Node alone see this example
  // and read SITE_URL from app/config/settings.server.ts.
  siteUrl: import.meta.env?.SITE_URL ?? "https://www.example.com",
  languages,
  // VITE_PUBLISHED_LANGUAGES (checked by app/config/settings.server.ts) reaches the build here.
  publishedLanguages:
    parseLanguageList(import.meta.env?.VITE_PUBLISHED_LANGUAGES) ??
    languageEntries.filter((entry) => entry.published).map((entry) => entry.code),
};

/** The languages a comma-separated list (`es,en,ca`) names, in switcher order; none when empty. */
export function parseLanguageList(list: string | undefined): Language[] | undefined {
  const codes = list?.split(",").map((code) => code.trim());
  return codes?.some(Boolean) ? languages.filter((code) => codes.includes(code)) : undefined;
}
