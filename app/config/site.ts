import languageData from "#content/languages.json" with { type: "json" };

/**
 * Everything the site says about the company lives here. The values below are
 * fictional examples: a company deploying this site replaces them with its own
 * facts. Components and catalogues read these values and never repeat them.
 */

/**
 * Every language the site has texts for, in switcher order, from content/languages.json: the
 * first is the default, served unprefixed; the published ones get URLs. Adding a language: its
 * catalogue (app/locales/<code>.json) and its entry there. Checked at build and at start by
 * app/config/settings.server.ts.
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

/**
 * Facts that read like real ones even in the shipped example, so the go-live check cannot
 * tell them from the company's own: it lists each one until `confirmedFacts` names it.
 */
export const confirmableFacts = [
  "name",
  "address.postalCode",
  "inRegion",
  "brands",
  "brandsRelation",
  "spokenLanguages",
  "practice",
] as const;
export type ConfirmableFact = (typeof confirmableFacts)[number];

/** How the company bills work; each has its label in `about.facts.models.<id>`. */
type EngagementModel = "fixedPrice" | "timeAndMaterials" | "retainer";

type TeamMember = {
  name: string;
  /** Job title, as the person wants it shown (not translated). */
  role: string;
  /** Path of a square photo under public/, when the person agrees to show one. */
  photo?: string;
};

export type SiteConfig = {
  /** Short name shown in the logo, titles and the footer. */
  name: string;
  /** Registered legal name (legal notice, privacy policy). */
  legalName: string;
  /** NIF / tax identification number. */
  taxId: string;
  /** Commercial registry entry, as printed on the company's documents. */
  registry: string;
  /** Registered office. */
  address: {
    street: string;
    postalCode: string;
    locality: string;
    region: string;
    /** ISO 3166-1 alpha-2 code; the country's name is rendered per language. */
    countryCode: string;
  };
  /** The place the company names as its base (hero label, contact page). */
  area: string;
  email: string;
  /** Professional-network profile, opened in a new tab from the contact page. */
  linkedinUrl: string;
  /** Absolute origin of the public site, without a trailing slash. */
  siteUrl: string;
  brands: {
    /** The agile development brand. */
    lab: string;
    /** The software architecture and consultancy brand. */
    consultancy: string;
  };
  /**
   * What the brands are in law: trade names the company itself trades under, or separate
   * companies it works with. The brands page states it and the legal notice follows it.
   */
  brandsRelation: "tradeNames" | "separateCompanies";
  /** Languages the company works in with clients (BCP 47 codes; about page). */
  spokenLanguages: readonly string[];
  /** The `confirmableFacts` the company has checked; the go-live check lists the others. */
  confirmedFacts: readonly ConfirmableFact[];
  /** Facts the legal notice and the privacy policy state. */
  legal: {
    /** Date the legal pages were last revised (ISO 8601). */
    lastUpdated: string;
    /** Days a contact message is kept; the server deletes older ones and the privacy policy says so. */
    contactRetentionDays: number;
    /** Days each database backup is kept before it is deleted (README, privacy policy). */
    backupRetentionDays: number;
    /**
     * Processors that handle personal data for the company: their names, which every language's
     * policy shows as they are (where the data stay is the transfers' paragraph).
     */
    hostingProvider: string;
    emailProvider: string;
    /** Transfers of personal data outside the EEA, with their safeguard; empty when there are none. */
    internationalTransfers: string;
  };
  /** How the company works with clients (about page's key facts, contact page, FAQ). */
  practice: {
    replyWithinBusinessDays: number;
    engagementModels: readonly EngagementModel[];
  };
  /** The people shown on the about page; the team section stays hidden while it is empty. */
  team: readonly TeamMember[];
  /** Languages in switcher order; the first one is the default and is served unprefixed. */
  languages: readonly Language[];
  /**
   * The languages that get URLs, a switcher button, prerendered pages and a feed; the others
   * keep their texts but are not offered. The build setting VITE_PUBLISHED_LANGUAGES overrides
   * content/languages.json's choice.
   */
  publishedLanguages: readonly Language[];
};

export const siteConfig: SiteConfig = {
  name: "Isla Digital",
  legalName: "Isla Digital Ejemplo S.L.",
  taxId: "B00000000",
  registry:
    "Registro Mercantil de Palma de Mallorca, tomo 0000, folio 00, hoja PM-00000, inscripción 1.ª",
  address: {
    street: "Carrer de l'Exemple, 1",
    postalCode: "07001",
    locality: "Palma",
    region: "Illes Balears",
    countryCode: "ES",
  },
  area: "Mallorca",
  email: "hola@example.com",
  linkedinUrl: "https://www.linkedin.com/company/example",
  // The build puts SITE_URL here (vite.config.ts); scripts run by Node alone see this example
  // and read SITE_URL from app/config/settings.server.ts.
  siteUrl: import.meta.env?.SITE_URL ?? "https://www.example.com",
  brands: {
    lab: "Nexo Labs",
    consultancy: "Arquitek Consulting",
  },
  brandsRelation: "tradeNames",
  spokenLanguages: ["es", "ca", "en", "de"],
  confirmedFacts: [],
  legal: {
    lastUpdated: "2026-11-23",
    contactRetentionDays: 365,
    backupRetentionDays: 30,
    hostingProvider: "Ejemplo Alojamiento S.L.",
    emailProvider: "Ejemplo Correo S.L.",
    internationalTransfers: "",
  },
  practice: {
    replyWithinBusinessDays: 2,
    engagementModels: ["fixedPrice", "timeAndMaterials", "retainer"],
  },
  team: [],
  languages,
  // VITE_PUBLISHED_LANGUAGES (checked by app/config/settings.server.ts) reaches the build here.
  publishedLanguages:
    languageList(import.meta.env?.VITE_PUBLISHED_LANGUAGES) ??
    languageEntries.filter((entry) => entry.published).map((entry) => entry.code),
};

/** The languages a comma-separated list (`es,en,ca`) names, in switcher order; none when empty. */
export function languageList(list: string | undefined): Language[] | undefined {
  const codes = list?.split(",").map((code) => code.trim());
  return codes?.some(Boolean) ? languages.filter((code) => codes.includes(code)) : undefined;
}
