import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BookingSettings, ContactSettings } from "#app/config/settings.server.ts";
import type { SiteConfig } from "#app/config/site.ts";
import { entryFiles } from "#app/content/entries.server.ts";
import { confirmableFacts, type ConfirmableFact } from "#app/content/schema.ts";
import { catalogue, catalogueFile } from "#app/i18n/catalogues.server.ts";
import { defaultLanguage } from "#app/routing/paths.ts";

/**
 * What still stops the site from going live: the shipped placeholder facts (which render
 * into the legal notice and the privacy policy) and unsafe production settings. Used by
 * `npm run check:launch`, which fails on any, and by the server, which warns at start but
 * still serves: the shipped example must run as it is.
 *
 * The rules are specific to this site's config, so they are written here rather than
 * taken from a library.
 */
export function launchProblems(
  config: SiteConfig,
  contact: Pick<ContactSettings, "SMTP_URL" | "CONTACT_TO" | "CONTACT_FROM">,
  collections: CollectionCounts,
  booking?: Pick<BookingSettings, "BOOKING_CALENDAR_URL">,
): string[] {
  const problems: string[] = [];
  const placeholder = (field: string, value: string) =>
    problems.push(`${field} is still a placeholder ("${value}"): put the company's own in`);

  // Every fact a visitor or a public authority reads: a word or a domain reserved for
  // examples (RFC 2606) gives a placeholder away.
  const facts: [string, string][] = [
    ["content/company.json name", config.name],
    ["content/company.json legalName", config.legalName],
    ["content/company.json address.street", config.address.street],
    ["content/company.json email", config.email],
    ["content/company.json linkedinUrl", config.linkedinUrl],
    ["SITE_URL", config.siteUrl],
    ["content/company.json legal.hostingProvider", config.legal.hostingProvider],
    ["content/company.json legal.emailProvider", config.legal.emailProvider],
    ["content/company.json legal.internationalTransfers", config.legal.internationalTransfers],
    ["CONTACT_TO", contact.CONTACT_TO],
    ["CONTACT_FROM", contact.CONTACT_FROM],
  ];
  for (const [field, value] of facts) {
    if (isPlaceholderText(value)) placeholder(field, value);
  }
  // A NIF's digits are never all zero (B00000000 is the shipped example).
  const taxDigits = config.taxId.replace(/\D/g, "");
  if (!/[1-9]/.test(taxDigits)) placeholder("content/company.json taxId", config.taxId);
  // A registry entry names real volume, folio and sheet numbers, none of them zero.
  if (/(?<![\d.])0+(?![\d.])/.test(config.registry)) {
    placeholder("content/company.json registry", config.registry);
  }

  // Facts that look real in the example too: only the company can say they are its own.
  const confirmed = new Set(config.confirmedFacts);
  for (const fact of confirmableFacts) {
    if (confirmed.has(fact)) continue;
    problems.push(
      `${factLabel(fact)} (${JSON.stringify(confirmableValue(config, fact))}) is not confirmed: ` +
        `check that it is true of the company, then add "${fact}" to confirmedFacts in content/company.json`,
    );
  }

  // Shipped empty, and shown only once they have entries: nothing invented stands in for them.
  if (!collections.caseStudies) {
    problems.push(
      "content/case-studies has no case study yet: add the company's own at /admin (Casos de cliente), or go live without the page",
    );
  }
  if (!collections.people) {
    problems.push(
      "content/people has nobody yet: add the people who agree to be shown at /admin (Personas), or go live without a team",
    );
  }

  // The services page shows a price or a duration only where the company states one.
  for (const model of config.practice.engagementModels) {
    const terms = config.practice.engagementTerms[model];
    for (const [field, value] of Object.entries(terms)) {
      if (value) continue;
      problems.push(
        `content/company.json practice.engagementTerms.${model}.${field} is not stated (0): ` +
          `the services page shows no ${field === "priceFrom" ? "price" : "duration"} for it`,
      );
    }
  }

  if (!/^https:\/\//.test(config.siteUrl)) {
    problems.push(
      `the site URL ${config.siteUrl} is not https: build with SITE_URL=https://your.domain`,
    );
  }
  if (!contact.SMTP_URL) {
    problems.push("no SMTP_URL: contact messages are stored but never e-mailed");
  }
  if (booking && booking.BOOKING_CALENDAR_URL.length === 0) {
    problems.push(
      "no BOOKING_CALENDAR_URL: the booking page offers no slot (README: Connecting the calendar)",
    );
  }
  return problems;
}

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
