import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { describe, expect, it } from "vitest";
import { parseSettings } from "#app/config/settings.server.ts";
import { siteConfig, type SiteConfig } from "#app/config/site.ts";
import { confirmableFacts } from "#app/content/schema.ts";
import {
  builtAddressProblems,
  builtSecurityTxtProblems,
  collectionCounts,
  launchProblems,
} from "#app/config/launch-check.server.ts";

/** A company that has filled everything in. */
const filledIn: SiteConfig = {
  ...siteConfig,
  name: "Sa Pedrera Digital",
  legalName: "Sa Pedrera Digital S.L.",
  taxId: "B57123456",
  registry:
    "Registro Mercantil de Palma de Mallorca, tomo 2718, folio 105, hoja PM-81234, inscripción 1.ª",
  address: { ...siteConfig.address, street: "Carrer de Sant Miquel, 30", postalCode: "07002" },
  email: "hola@sapedrera.es",
  linkedinUrl: "https://www.linkedin.com/company/sa-pedrera-digital",
  siteUrl: "https://www.sapedrera.es",
  brands: { lab: "Pedrera Lab", consultancy: "Pedrera Arquitectura" },
  spokenLanguages: ["ca", "es", "en"],
  confirmedFacts: [...confirmableFacts],
  legal: {
    ...siteConfig.legal,
    hostingProvider: "Hetzner Online GmbH, con servidores en Alemania",
    emailProvider: "Proton AG, con servidores en Suiza",
  },
  practice: {
    ...siteConfig.practice,
    engagementTerms: {
      fixedPrice: { priceFrom: 4000, typicalWeeks: 8 },
      timeAndMaterials: { priceFrom: 60, typicalWeeks: 12 },
      retainer: { priceFrom: 300, typicalWeeks: 52 },
    },
  },
};
const productionEnv = {
  SMTP_URL: "smtps://web%40sapedrera.es:secret@smtp.sapedrera.es:465",
  CONTACT_TO: "hola@sapedrera.es",
  CONTACT_FROM: "Sa Pedrera Digital <web@sapedrera.es>",
};
const contactOf = (env: Record<string, string>) => parseSettings(env).contact;
/** The case studies and people as shipped (none), and once the company has added its own. */
const empty = collectionCounts({
  caseStudies: "content/case-studies",
  people: "content/people",
});
const filled = collectionCounts({
  caseStudies: "tests/fixtures/case-studies",
  people: "tests/fixtures/people",
});

describe("launch check", () => {
  it("fails on the facts and settings the project ships with", () => {
    const problems = launchProblems(siteConfig, contactOf({}), empty);
    for (const field of [
      "legalName",
      "taxId",
      "registry",
      "email",
      "linkedinUrl",
      "SITE_URL",
      "hostingProvider",
      "emailProvider",
      "SMTP_URL",
      "CONTACT_TO",
      "CONTACT_FROM",
      "practice",
      "spokenLanguages",
      "content/case-studies",
      "content/people",
    ]) {
      expect(problems.join("\n")).toContain(field);
    }
  });

  it("lists the case studies and the people while they are empty, and not once they have entries", () => {
    expect(empty).toEqual({ caseStudies: 0, people: 0 });
    expect(filled).toEqual({ caseStudies: 2, people: 2 });
    const listed = (counts: typeof empty) =>
      launchProblems(filledIn, contactOf(productionEnv), counts).join("\n");
    expect(listed({ caseStudies: 0, people: 2 })).toMatch(
      /content\/case-studies has no case study/,
    );
    expect(listed({ caseStudies: 2, people: 0 })).toMatch(/content\/people has nobody/);
  });

  it("lists every fact that reads like a real one until the company confirms it", () => {
    const problems = launchProblems(siteConfig, contactOf({}), empty).join("\n");
    for (const [fact, value] of [
      ["name", `"${siteConfig.name}"`],
      ["address.postalCode", `"${siteConfig.address.postalCode}"`],
      ["inRegion", catalogue("es").company.inRegion],
      ["brands", siteConfig.brands.lab],
      ["brandsRelation", `"${siteConfig.brandsRelation}"`],
      ["spokenLanguages", `["es","ca","en","de"]`],
      ["practice", `"replyWithinBusinessDays":${siteConfig.practice.replyWithinBusinessDays}`],
    ]) {
      expect(problems).toContain(`${fact} (`);
      expect(problems).toContain(value);
      expect(problems).toContain(`add "${fact}" to confirmedFacts in content/company.json`);
    }
  });

  it("passes on a filled-in config and a production environment", () => {
    expect(launchProblems(filledIn, contactOf(productionEnv), filled)).toEqual([]);
  });

  it.each([
    ["a zeroed tax id", { taxId: "00000000T" }, "taxId"],
    ["a zeroed registry entry", { registry: "Registro Mercantil, tomo 0, folio 12" }, "registry"],
    ["an example.com address", { email: "info@example.com" }, "email"],
    ["a plain-HTTP site URL", { siteUrl: "http://www.sapedrera.es" }, "not https"],
    [
      "an unconfirmed fact",
      { confirmedFacts: confirmableFacts.filter((fact) => fact !== "spokenLanguages") },
      'content/company.json spokenLanguages (["ca","es","en"]) is not confirmed',
    ],
    [
      "a provider de ejemplo",
      { legal: { ...filledIn.legal, emailProvider: "Correo de ejemplo" } },
      "emailProvider",
    ],
    [
      "a way of working without its price",
      {
        practice: {
          ...filledIn.practice,
          engagementTerms: {
            ...filledIn.practice.engagementTerms,
            retainer: { priceFrom: 0, typicalWeeks: 52 },
          },
        },
      },
      "practice.engagementTerms.retainer.priceFrom is not stated",
    ],
    [
      "unconfirmed working facts",
      { confirmedFacts: confirmableFacts.filter((fact) => fact !== "practice") },
      "practice",
    ],
  ] satisfies [string, Partial<SiteConfig>, string][])("names %s", (_, change, expected) => {
    const problems = launchProblems({ ...filledIn, ...change }, contactOf(productionEnv), filled);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it("names a booking page without a calendar", () => {
    const withCalendar = parseSettings({ BOOKING_CALENDAR_URL: "https://calendar.example/a.ics" });
    expect(
      launchProblems(filledIn, contactOf(productionEnv), filled, withCalendar.booking),
    ).toEqual([]);
    const problems = launchProblems(
      filledIn,
      contactOf(productionEnv),
      filled,
      parseSettings({}).booking,
    );
    expect(problems).toEqual([expect.stringContaining("BOOKING_CALENDAR_URL")]);
  });

  it.each([
    ["no SMTP_URL", { SMTP_URL: "" }, "SMTP_URL"],
    ["an example recipient", { CONTACT_TO: "me@example.org" }, "CONTACT_TO"],
  ])("names %s", (_, change, expected) => {
    const problems = launchProblems(filledIn, contactOf({ ...productionEnv, ...change }), filled);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe("the built pages' address", () => {
  /** A build folder whose sitemap lists `urls`. */
  const built = (...urls: string[]) => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "launch-build-"));
    const entries = urls.map((url) => `<url><loc>${url}</loc></url>`).join("");
    writeFileSync(path.join(clientDir, "sitemap.xml"), `<urlset>${entries}</urlset>`);
    return clientDir;
  };

  it("passes when the pages were built for SITE_URL, with or without a path", () => {
    const site = built("https://www.sapedrera.es/", "https://www.sapedrera.es/en");
    expect(builtAddressProblems(site, "https://www.sapedrera.es")).toEqual([]);
    const inFolder = built("https://www.sapedrera.es/web/", "https://www.sapedrera.es/web/en");
    expect(builtAddressProblems(inFolder, "https://www.sapedrera.es/web")).toEqual([]);
  });

  it.each([
    [
      "another domain",
      built("https://www.example.com/"),
      "https://www.sapedrera.es",
      "are for https://www.example.com/, but SITE_URL is https://www.sapedrera.es",
    ],
    [
      "another folder",
      built("https://www.sapedrera.es/"),
      "https://www.sapedrera.es/web",
      "but SITE_URL is https://www.sapedrera.es/web",
    ],
    ["a sitemap without addresses", built(), "https://www.sapedrera.es", "lists no address"],
    [
      "no build",
      path.join(tmpdir(), "no-such-build"),
      "https://www.sapedrera.es",
      "no built site at",
    ],
    [
      "a SITE_URL that is no URL",
      built("https://www.sapedrera.es/"),
      "www.sapedrera.es",
      "not an absolute URL",
    ],
  ])("names %s", (_, clientDir, siteUrl, expected) => {
    const problems = builtAddressProblems(clientDir, siteUrl);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe("the built security.txt", () => {
  const built = (text: string) => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "launch-build-"));
    mkdirSync(path.join(clientDir, ".well-known"));
    writeFileSync(path.join(clientDir, ".well-known", "security.txt"), text);
    return clientDir;
  };
  const now = new Date("2027-03-01T00:00:00Z");

  it("passes with the company's contact and a future expiry", () => {
    const clientDir = built(
      "Contact: mailto:hola@sapedrera.es\nExpires: 2027-12-31T00:00:00.000Z\n",
    );
    expect(builtSecurityTxtProblems(clientDir, now)).toEqual([]);
  });

  it.each([
    [
      "a placeholder contact",
      "Contact: mailto:hola@example.com\nExpires: 2027-12-31T00:00:00.000Z\n",
      "Contact is still a placeholder",
    ],
    [
      "an expired file",
      "Contact: mailto:hola@sapedrera.es\nExpires: 2027-02-28T00:00:00.000Z\n",
      "expired",
    ],
    ["no expiry", "Contact: mailto:hola@sapedrera.es\n", "expired"],
  ])("names %s", (_, text, expected) => {
    const problems = builtSecurityTxtProblems(built(text), now);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe("npm run check:launch", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/check-launch.ts", ...args], {
      encoding: "utf8",
      env: { PATH: process.env["PATH"] },
    });

  it("exits non-zero with the list on the shipped facts", () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Not ready to go live/);
    expect(result.stderr).toContain(
      'content/company.json taxId is still a placeholder ("B00000000")',
    );
  });

  it("reads the service's environment file and compares its SITE_URL with the built pages", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "launch-"));
    const file = path.join(folder, "site.env");
    // Pages built for the example domain; the service says the site lives elsewhere.
    mkdirSync(path.join(folder, "build", "client"), { recursive: true });
    writeFileSync(
      path.join(folder, "build", "client", "sitemap.xml"),
      "<urlset><url><loc>https://www.example.com/</loc></url></urlset>",
    );
    writeFileSync(
      file,
      `SITE_URL=http://www.sapedrera.es\nBUILD_DIR=${path.join(folder, "build")}\n`,
    );
    const result = run("--env-file", file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("http://www.sapedrera.es is not https");
    expect(result.stderr).toContain(
      "the built pages are for https://www.example.com/, but SITE_URL is http://www.sapedrera.es",
    );
  });

  it("stops at a wrong setting, naming it", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "launch-")), "site.env");
    writeFileSync(file, "TRUST_PROXY=true\n");
    const result = run("--env-file", file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("TRUST_PROXY: true would trust any X-Forwarded-For");
  });
});
