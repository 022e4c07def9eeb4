import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteConfig, type SiteConfig } from "~/config/site";
import { builtAddressProblems, launchProblems } from "./launch-check.server";

/** A company that has filled everything in. */
const filledIn: SiteConfig = {
  ...siteConfig,
  name: "Sa Pedrera Digital",
  legalName: "Sa Pedrera Digital S.L.",
  taxId: "B57123456",
  registry:
    "Registro Mercantil de Palma de Mallorca, tomo 2718, folio 105, hoja PM-81234, inscripción 1.ª",
  address: { ...siteConfig.address, street: "Carrer de Sant Miquel, 30" },
  email: "hola@sapedrera.es",
  linkedinUrl: "https://www.linkedin.com/company/sa-pedrera-digital",
  siteUrl: "https://www.sapedrera.es",
  legal: {
    ...siteConfig.legal,
    hostingProvider: "Hetzner Online GmbH, con servidores en Alemania",
    emailProvider: "Proton AG, con servidores en Suiza",
  },
  practice: { ...siteConfig.practice, confirmed: true },
};
const productionEnv = {
  SMTP_URL: "smtps://web%40sapedrera.es:secret@smtp.sapedrera.es:465",
  CONTACT_TO: "hola@sapedrera.es",
  CONTACT_FROM: "Sa Pedrera Digital <web@sapedrera.es>",
  TRUST_PROXY: "loopback",
};

describe("launch check", () => {
  it("fails on the facts and settings the project ships with", () => {
    const problems = launchProblems(siteConfig, {});
    for (const field of [
      "legalName",
      "taxId",
      "registry",
      "email",
      "linkedinUrl",
      "siteUrl",
      "hostingProvider",
      "emailProvider",
      "SMTP_URL",
      "CONTACT_TO",
      "practice",
      "spokenLanguages",
    ]) {
      expect(problems.join("\n")).toContain(field);
    }
  });

  it("passes on a filled-in config and a production environment", () => {
    expect(launchProblems(filledIn, productionEnv)).toEqual([]);
  });

  it.each([
    ["a zeroed tax id", { taxId: "00000000T" }, "taxId"],
    ["a zeroed registry entry", { registry: "Registro Mercantil, tomo 0, folio 12" }, "registry"],
    ["an example.com address", { email: "info@example.com" }, "email"],
    ["a plain-HTTP site URL", { siteUrl: "http://www.sapedrera.es" }, "not https"],
    [
      "a provider de ejemplo",
      { legal: { ...filledIn.legal, emailProvider: "Correo de ejemplo" } },
      "emailProvider",
    ],
    [
      "unconfirmed working facts",
      { practice: { ...filledIn.practice, confirmed: false } },
      "practice",
    ],
  ] satisfies [string, Partial<SiteConfig>, string][])("names %s", (_, change, expected) => {
    const problems = launchProblems({ ...filledIn, ...change }, productionEnv);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it.each([
    ["no SMTP_URL", { SMTP_URL: "" }, "SMTP_URL"],
    ["no CONTACT_TO", { CONTACT_TO: undefined }, "CONTACT_TO"],
    ["an example recipient", { CONTACT_TO: "me@example.org" }, "CONTACT_TO"],
    ["a proxy trusted blindly", { TRUST_PROXY: "true" }, "TRUST_PROXY"],
  ])("names %s", (_, change, expected) => {
    const problems = launchProblems(filledIn, { ...productionEnv, ...change });
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
    expect(result.stderr).toContain('siteConfig.taxId is still a placeholder ("B00000000")');
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
      `SITE_URL=http://www.sapedrera.es\nTRUST_PROXY=true\nBUILD_DIR=${path.join(folder, "build")}\n`,
    );
    const result = run("--env-file", file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("http://www.sapedrera.es is not https");
    expect(result.stderr).toContain("TRUST_PROXY=true");
    expect(result.stderr).toContain(
      "the built pages are for https://www.example.com/, but SITE_URL is http://www.sapedrera.es",
    );
  });
});
