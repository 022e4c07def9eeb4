import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BookingSettings, ContactSettings } from "#app/config/settings.server.ts";
import type { SiteConfig } from "#app/config/site.ts";
import { entryFiles } from "#app/content/entries.server.ts";
import {
  confirmableFacts,
  type ConfirmableFact,
  type EngagementModel,
} from "#app/content/schema.ts";
import { catalogue, catalogueFile } from "#app/i18n/catalogues.server.ts";
import { defaultLanguage } from "#app/routing/paths.ts";

/**
 * One thing that still stops the site from going live: what it is (`kind`, and the field or
 * setting it is about) for the panel, which tells the owner in their words where to fill it
 * in, and `message`, the go-live check's line for whoever runs the server.
 */
export type LaunchItem = { message: string } & (
  | /** A fact of content/company.json ("legal.hostingProvider") still the example's. */
    { kind: "placeholder"; field: string; value: string }
    /** A setting of the server (SITE_URL, CONTACT_TO, CONTACT_FROM) still the example's. */
  | { kind: "setting"; setting: string; value: string }
  /** A fact that looks real in the example too, not confirmed yet. */
  | { kind: "unconfirmed"; fact: ConfirmableFact; value: unknown }
  /** A way of working without its starting price or usual duration (0). */
  | { kind: "termNotStated"; model: EngagementModel; term: "priceFrom" | "typicalWeeks" }
  | { kind: "noCaseStudies" | "noPeople" | "notHttps" | "noSmtp" | "noCalendar" }
  /** The built pages do not match the settings (their address, security.txt): build again. */
  | { kind: "build" }
);

/**
 * What still stops the site from going live: the shipped placeholder facts (which render
 * into the legal notice and the privacy policy) and unsafe production settings. Used by
 * `npm run check:launch`, which fails on any, and by the server, which warns at start but
 * still serves (the shipped example must run as it is), and by the panel's site page.
 *
 * The rules are specific to this site's config, so they are written here rather than
 * taken from a library.
 */
export function launchItems(
  config: SiteConfig,
  contact: Pick<ContactSettings, "SMTP_URL" | "CONTACT_TO" | "CONTACT_FROM">,
  collections: CollectionCounts,
  booking?: Pick<BookingSettings, "BOOKING_CALENDAR_URL">,
): LaunchItem[] {
  const items: LaunchItem[] = [];
  const placeholderText = (name: string, value: string) =>
    `${name} is still a placeholder ("${value}"): put the company's own in`;
  const placeholder = (field: string, value: string) =>
    items.push({
      kind: "placeholder",
      field,
      value,
      message: placeholderText(`content/company.json ${field}`, value),
    });

  // Every fact a visitor or a public authority reads: a word or a domain reserved for
  // examples (RFC 2606) gives a placeholder away.
  const facts: [string, string][] = [
    ["name", config.name],
    ["legalName", config.legalName],
    ["address.street", config.address.street],
    ["email", config.email],
    ["linkedinUrl", config.linkedinUrl],
    ["legal.hostingProvider", config.legal.hostingProvider],
    ["legal.emailProvider", config.legal.emailProvider],
    ["legal.internationalTransfers", config.legal.internationalTransfers],
  ];
  for (const [field, value] of facts) {
    if (isPlaceholderText(value)) placeholder(field, value);
  }
  const settings: [string, string][] = [
    ["SITE_URL", config.siteUrl],
    ["CONTACT_TO", contact.CONTACT_TO],
    ["CONTACT_FROM", contact.CONTACT_FROM],
  ];
  for (const [setting, value] of settings) {
    if (isPlaceholderText(value)) {
      items.push({ kind: "setting", setting, value, message: placeholderText(setting, value) });
    }
  }
  // A NIF's digits are never all zero (B00000000 is the shipped example).
  const taxDigits = config.taxId.replace(/\D/g, "");
  if (!/[1-9]/.test(taxDigits)) placeholder("taxId", config.taxId);
  // A registry entry names real volume, folio and sheet numbers, none of them zero.
  if (/(?<![\d.])0+(?![\d.])/.test(config.registry)) {
    placeholder("registry", config.registry);
  }

  // Facts that look real in the example too: only the company can say they are its own.
  const confirmed = new Set(config.confirmedFacts);
  for (const fact of confirmableFacts) {
    if (confirmed.has(fact)) continue;
    const value = confirmableValue(config, fact);
    items.push({
      kind: "unconfirmed",
      fact,
      value,
      message:
        `${factLabel(fact)} (${JSON.stringify(value)}) is not confirmed: ` +
        `check that it is true of the company, then add "${fact}" to confirmedFacts in content/company.json`,
    });
  }

  // Shipped empty, and shown only once they have entries: nothing invented stands in for them.
  if (!collections.caseStudies) {
    items.push({
      kind: "noCaseStudies",
      message:
        "content/case-studies has no case study yet: add the company's own at /admin (Casos de cliente), or go live without the page",
    });
  }
  if (!collections.people) {
    items.push({
      kind: "noPeople",
      message:
        "content/people has nobody yet: add the people who agree to be shown at /admin (Personas), or go live without a team",
    });
  }

  // The services page shows a price or a duration only where the company states one.
  for (const model of config.practice.engagementModels) {
    const terms = config.practice.engagementTerms[model];
    for (const term of ["priceFrom", "typicalWeeks"] as const) {
      if (terms[term]) continue;
      items.push({
        kind: "termNotStated",
        model,
        term,
        message:
          `content/company.json practice.engagementTerms.${model}.${term} is not stated (0): ` +
          `the services page shows no ${term === "priceFrom" ? "price" : "duration"} for it`,
      });
    }
  }

  if (!/^https:\/\//.test(config.siteUrl)) {
    items.push({
      kind: "notHttps",
      message: `the site URL ${config.siteUrl} is not https: build with SITE_URL=https://your.domain`,
    });
  }
  if (!contact.SMTP_URL) {
    items.push({
      kind: "noSmtp",
      message: "no SMTP_URL: contact messages are stored but never e-mailed",
    });
  }
  if (booking && booking.BOOKING_CALENDAR_URL.length === 0) {
    items.push({
      kind: "noCalendar",
      message:
        "no BOOKING_CALENDAR_URL: the booking page offers no slot (README: Connecting the calendar)",
    });
  }
  return items;
}

/** The go-live check's lines (npm run check:launch): launchItems' messages. */
export const launchProblems = (...args: Parameters<typeof launchItems>): string[] =>
  launchItems(...args).map((item) => item.message);

/** How many case studies and people the site has (the build's, or the files under content/). */
export type CollectionCounts = { caseStudies: number; people: number };

/** The entries under content/ (CASE_STUDIES_DIR, PEOPLE_DIR): for the go-live check beside the build. */
export function collectionCounts(dirs: { caseStudies: string; people: string }): CollectionCounts {
  const count = (dir: string) => new Set(entryFiles(dir).map((entry) => entry.key)).size;
  return { caseStudies: count(dirs.caseStudies), people: count(dirs.people) };
}

/**
 * The address the built pages carry (canonical links, sitemap, social cards) is fixed when
 * they are built: pages built for another address than the one the site runs at would
 * point search engines elsewhere, and a check of the settings alone would not notice.
 * Compares the first address in the built sitemap with SITE_URL.
 */
export function builtAddressProblems(clientDir: string, siteUrl: string): string[] {
  const file = path.join(clientDir, "sitemap.xml");
  const same = "build and run with SITE_URL set to the site's public address (npm run build)";
  if (!existsSync(file)) return [`no built site at ${file}: ${same}`];
  const loc = /<loc>([^<]+)<\/loc>/.exec(readFileSync(file, "utf8"))?.[1];
  const built = loc ? URL.parse(loc)?.href : undefined;
  if (!built) return [`${file} lists no address: ${same}`];
  const site = URL.parse(siteUrl)?.href;
  if (!site) return [`SITE_URL ${siteUrl} is not an absolute URL: ${same}`];
  if (!built.startsWith(site.endsWith("/") ? site : `${site}/`)) {
    return [`the built pages are for ${built}, but SITE_URL is ${siteUrl}: ${same}`];
  }
  return [];
}

/**
 * The built /.well-known/security.txt: its Contact must reach the company, and it must not
 * have expired (RFC 9116: a build more than a year old).
 */
export function builtSecurityTxtProblems(clientDir: string, now = new Date()): string[] {
  const file = path.join(clientDir, ".well-known", "security.txt");
  if (!existsSync(file)) return [`no ${file}: build the site again (npm run build)`];
  const text = readFileSync(file, "utf8");
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, "m").exec(text)?.[1] ?? "";
  const problems: string[] = [];
  const contact = field("Contact");
  if (isPlaceholderText(contact)) {
    problems.push(
      `security.txt's Contact is still a placeholder ("${contact}"): email in content/company.json`,
    );
  }
  const expires = Date.parse(field("Expires"));
  if (!(expires > now.getTime())) {
    problems.push(`security.txt expired (${field("Expires")}): build the site again`);
  }
  return problems;
}

/** Where a confirmable fact is written: the region phrase in each catalogue, the rest in company.json. */
const factLabel = (fact: ConfirmableFact) =>
  fact === "inRegion"
    ? `${path.relative(process.cwd(), catalogueFile(defaultLanguage, "company"))} inRegion`
    : `content/company.json ${fact}`;

function confirmableValue(config: SiteConfig, fact: ConfirmableFact): unknown {
  if (fact === "address.postalCode") return config.address.postalCode;
  // A phrase in each language: the default language's catalogue shows it.
  if (fact === "inRegion") return catalogue(defaultLanguage).company.inRegion;
  return config[fact];
}

const exampleDomain = /(^|[@./])example\.(com|net|org)\b|\.(example|test|invalid)\b/i;
const exampleWord = /\b(example|ejemplo|exemple)\b/i;

function isPlaceholderText(value: string): boolean {
  return exampleDomain.test(value) || exampleWord.test(value);
}
