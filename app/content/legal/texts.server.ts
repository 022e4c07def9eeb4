// The legal texts: Markdown the owner edits, one folder per page and one file per language
// (content/legal/<folder>/<lang>.md), with the company's facts as placeholders ({{legalName}})
// and the prose that depends on a fact in sections ({{#tradeNames}}…{{/tradeNames}}). Rendered
// at build only, by the articles' Markdown pipeline; the Vite plugin
// (app/content/collections-plugin.ts) hands the HTML to the server bundle as data, so the
// server never reads Markdown.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSettings } from "#app/config/settings.server.ts";
import { siteConfig, type Language } from "#app/config/site.ts";
import { formatAddress, formatLanguageNames } from "#app/content/company.ts";
import { legalTexts } from "#app/content/definitions.server.ts";
import { companySchema } from "#app/content/schema.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { companyVariables } from "#app/i18n/i18n.ts";
import { renderLegalMarkdown } from "#app/insights/markdown.server.ts";
import type { Placeholders } from "#app/insights/placeholders.ts";
import {
  legalFolders,
  legalPageIds,
  type LegalPageId,
} from "#app/content/legal/legal-pages.ts";
import type { PageId } from "#app/pages.ts";
import { defaultLanguage } from "#app/routing/paths.ts";
import { statsRetentionMonths } from "#app/stats/retention.ts";


/** Each legal page's HTML per language it is written in (the default one always). */
export type LegalTexts = Record<LegalPageId, Partial<Record<Language, string>>>;

/** Where the legal texts are: their collection's folder (app/content/definitions.server.ts). */
export const legalDir = () => path.resolve(legalTexts.folder);

/** What the build knows and the texts state: its address, languages and day. */
export type BuildFacts = {
  siteUrl: string;
  publishedLanguages: readonly Language[];
  /** YYYY-MM-DD: the accessibility statement's review date. */
  buildDate: string;
};

/** How long Debian's logrotate keeps nginx's error log (deploy/nginx.conf). */
const errorLogDays = 14;

const longDate = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

/** `legalNoticeLanguages` for the folder `legal-notice`. */
const camelCase = (folder: string) =>
  folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Every placeholder a legal text written in `lang` may use: the facts the catalogues
 * interpolate, the legal ones, values the code computes (languages, dates) and the
 * conditions for sections. README "Placeholders in the legal texts" lists them.
 */
function legalPlaceholders(
  lang: Language,
  build: BuildFacts,
  written: Readonly<Record<LegalPageId, readonly Language[]>>,
): Placeholders {
  const { legal, brandsRelation } = siteConfig;
  return {
    ...companyVariables(lang, catalogue(lang)),
    taxId: siteConfig.taxId,
    registry: siteConfig.registry,
    address: formatAddress(lang),
    siteUrl: build.siteUrl,
    linkedinUrl: siteConfig.linkedinUrl,
    hostingProvider: legal.hostingProvider,
    emailProvider: legal.emailProvider,
    // The owner writes it in content/company.json in Spanish: a translation marks it so.
    internationalTransfers: { text: legal.internationalTransfers, lang: defaultLanguage },
    contactRetentionDays: legal.contactRetentionDays,
    backupRetentionDays: legal.backupRetentionDays,
    statsRetentionMonths,
    // The rate limit's default window (RATE_LIMIT_WINDOW_SECONDS): a text cannot know a server's.
    rateLimitMinutes: parseSettings({}).contact.RATE_LIMIT_WINDOW_SECONDS / 60,
    errorLogDays,
    lastUpdated: longDate(legal.lastUpdated, lang),
    buildDate: longDate(build.buildDate, lang),
    // The cookie policy: the language buttons the site shows (ES, EN, CA) and the URL
    // prefixes of the languages but the default (/en, /ca).
    languageButtons: build.publishedLanguages.map((code) => code.toUpperCase()).join(", "),
    languagePrefixes: build.publishedLanguages
      .filter((code) => code !== defaultLanguage)
      .map((code) => `/${code}`)
      .join(", "),
    // The accessibility statement: the languages each legal text is written in, named in `lang`.
    ...Object.fromEntries(
      legalPageIds.map((page) => [
        `${camelCase(legalFolders[page])}Languages`,
        formatLanguageNames(written[page], lang),
      ]),
    ),
    // One condition per relation between the company and its brands: {{#tradeNames}}.
    ...Object.fromEntries(
      companySchema.shape.brandsRelation.options.map((relation) => [
        relation,
        relation === brandsRelation,
      ]),
    ),
  };
}

const where = (...parts: string[]) => path.relative(process.cwd(), path.join(...parts));

/**
 * The languages each legal text is written in: its files, in the site's language order. A
 * file not named after a language, a folder that is no legal page or a text without its
 * default-language version fails, naming the file.
 */
export function writtenLanguages(dir = legalDir()): Record<LegalPageId, Language[]> {
  const folders = Object.values(legalFolders) as string[];
  for (const name of readdirSync(dir)) {
    if (statSync(path.join(dir, name)).isDirectory() && !folders.includes(name))
      throw new Error(
        `${where(dir, name)}: not a legal page; the folders are ${folders.join(", ")}`,
      );
  }
  const written = {} as Record<LegalPageId, Language[]>;
  for (const page of legalPageIds) {
    const folder = path.join(dir, legalFolders[page]);
    const files = existsSync(folder) ? readdirSync(folder) : [];
    for (const file of files) {
      if (!siteConfig.languages.includes(path.basename(file, ".md")) || !file.endsWith(".md"))
        throw new Error(
          `${where(folder, file)}: name the file after its language (${siteConfig.languages.map((code) => `${code}.md`).join(", ")})`,
        );
    }
    written[page] = siteConfig.languages.filter((lang) => files.includes(`${lang}.md`));
    if (!written[page].includes(defaultLanguage))
      throw new Error(
        `${where(folder, `${defaultLanguage}.md`)} is missing: the other languages fall back to it`,
      );
  }
  return written;
}

/** Renders one legal text, the file `file` written in `lang`. */
export function renderLegalText(
  file: string,
  source: string,
  lang: Language,
  build: BuildFacts,
  written: Readonly<Record<LegalPageId, readonly Language[]>>,
): Promise<string> {
  return renderLegalMarkdown(file, source, {
    lang,
    placeholders: legalPlaceholders(lang, build, written),
  });
}

/**
 * Every legal text in the given languages, rendered. The others are rendered too, and
 * dropped: a mistake in an unpublished translation fails the build the day it is written.
 */
export async function loadLegalTexts(
  build: BuildFacts,
  { dir = legalDir(), languages = build.publishedLanguages } = {},
): Promise<LegalTexts> {
  const written = writtenLanguages(dir);
  const texts = {} as LegalTexts;
  for (const page of legalPageIds) {
    texts[page] = {};
    for (const lang of written[page]) {
      const file = where(dir, legalFolders[page], `${lang}.md`);
      const html = await renderLegalText(file, readFileSync(file, "utf8"), lang, build, written);
      if (languages.includes(lang)) texts[page][lang] = html;
    }
  }
  return texts;
}

/**
 * The languages a registry page's own text is written in: a legal text's files, every
 * language for the other pages (for checks that run beside the build: the tests).
 */
export function textLanguages(page: PageId, dir = legalDir()): readonly Language[] {
  return Object.hasOwn(legalFolders, page)
    ? writtenLanguages(dir)[page as LegalPageId]
    : siteConfig.languages;
}
