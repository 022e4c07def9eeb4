import { describe, expect, it } from "vitest";
import { languageProblems } from "#app/config/languages.server.ts";
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
    expect(problems).toContain("app/locales/fr.json");
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
