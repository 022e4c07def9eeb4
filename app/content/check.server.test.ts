import { describe, expect, it } from "vitest";
import { companyProblems, contentProblems, languageProblems } from "#app/content/check.server.ts";
import company from "#content/company.json" with { type: "json" };
import languageData from "#content/languages.json" with { type: "json" };

const entry = (code: string, locale: string, published = true) => ({ code, locale, published });

describe("content/languages.json", () => {
  it("as shipped has no problem", () => {
    expect(languageProblems(languageData)).toEqual([]);
  });

  it("names each wrong field", () => {
    const problems = languageProblems({
      languages: [
        entry("es", "es-ES", false),
        entry("fr", "fr-FR"),
        entry("en", "de-DE"),
        entry("en", "not a locale"),
        entry("English", "en-GB"),
      ],
    }).join("\n");
    expect(problems).toContain("languages.1.code: has no catalogue: ");
    expect(problems).toContain("content/locales/fr");
    expect(problems).toContain("languages.2.locale: must be a locale of the entry's language code");
    expect(problems).toContain("languages.3.locale: must be a locale such as fr-FR");
    expect(problems).toContain("languages.4.code: must be a language code such as fr");
    expect(problems).toContain("languages: lists a language twice");
    expect(problems).toContain("languages: must publish its first language, the default");
  });

  it("must list a language", () => {
    expect(languageProblems({ languages: [] })).toEqual([
      expect.stringContaining("content/languages.json languages:"),
    ]);
    expect(languageProblems({})).toEqual([
      expect.stringContaining("content/languages.json languages:"),
    ]);
  });
});

describe("content/company.json", () => {
  it("as shipped, like every content file, has no problem", () => {
    expect(contentProblems()).toEqual([]);
  });

  it("names each wrong field", () => {
    const problems = companyProblems({
      ...company,
      email: "not an address",
      address: { ...company.address, countryCode: "Spain" },
      brandsRelation: "partners",
      confirmedFacts: ["name", "taxId"],
      legal: { ...company.legal, lastUpdated: "23/11/2026", contactRetentionDays: -1 },
      surname: "unknown field",
    }).join("\n");
    for (const line of [
      "content/company.json email: must be an e-mail address",
      "content/company.json address.countryCode: must be a two-letter country code such as ES",
      "content/company.json brandsRelation:",
      "content/company.json confirmedFacts.1:",
      "content/company.json legal.lastUpdated: must be a date written YYYY-MM-DD",
      "content/company.json legal.contactRetentionDays:",
      'content/company.json : Unrecognized key: "surname"',
    ]) {
      expect(problems).toContain(line);
    }
  });
});
