import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages, siteConfig } from "#app/config/site.ts";
import { catalogue, catalogueFile, catalogueProblems } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { keysOf, textsOf } from "#app/i18n/catalogue-keys.ts";

type Tree = { [key: string]: string | Tree };

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

const spanish = catalogue("es") as unknown as Tree;
const spanishKeys = keysOf(spanish);
const others = languages.filter((lang) => lang !== "es");

describe("catalogues", () => {
  it("Spanish, the source of truth, has keys", () => {
    expect(spanishKeys.length).toBeGreaterThan(50);
  });

  it("the check a deploy runs finds no problem (a wrong catalogue: tests/e2e/deploy.spec.ts)", () => {
    expect(catalogueProblems()).toEqual([]);
  });

  for (const lang of others) {
    const tree = catalogue(lang) as unknown as Tree;
    it(`${lang} has every Spanish key and no other`, () => {
      const keys = keysOf(tree);
      expect(
        spanishKeys.filter((key) => !keys.includes(key)),
        "missing",
      ).toEqual([]);
      expect(
        keys.filter((key) => !spanishKeys.includes(key)),
        "extra",
      ).toEqual([]);
    });

    it(`${lang} has no empty text and uses the same placeholders as Spanish`, () => {
      const t = createI18n(lang, catalogue(lang));
      for (const key of spanishKeys) {
        const text = t.getResource(lang, "translation", key) as string;
        const original = createI18n("es", catalogue("es")).getResource(
          "es",
          "translation",
          key,
        ) as string;
        expect(text.trim(), key).not.toBe("");
        expect(placeholdersOf(text), key).toEqual(placeholdersOf(original));
      }
    });
  }
});

describe("typography", () => {
  it("the texts read from the catalogue files have typographic apostrophes, as typed or not", () => {
    const file = JSON.parse(readFileSync(catalogueFile("ca"), "utf8")) as Tree;
    expect(textsOf(file).some(([, text]) => /\p{L}'\p{L}/u.test(text))).toBe(true);
    for (const lang of languages)
      for (const [key, text] of textsOf(catalogue(lang)))
        expect(text, `${lang} ${key}`).not.toMatch(/\p{L}'\p{L}/u);
    expect(catalogue("ca").legal.accessibility.meta.title).toBe("Declaració d’accessibilitat");
  });
});

describe("translation", () => {
  it("shows the key itself when a key is missing, with no fallback to another language", () => {
    const i18n = createI18n("en", { ...catalogue("en"), nav: undefined } as never);
    expect(i18n.t("nav.home" as never)).toBe("nav.home");
    expect(i18n.t("no.such.key" as never)).toBe("no.such.key");
  });

  it("fills company facts from the site config, never from the catalogue", () => {
    const t = createI18n("en", catalogue("en")).t;
    expect(t("brands.meta.description")).toContain(siteConfig.brands.lab);
    expect(t("contact.meta.description")).toContain(siteConfig.email);
  });

  it("names the languages the company works in from the site config, in the page's language", () => {
    const t = createI18n("es", catalogue("es")).t;
    expect(siteConfig.spokenLanguages).toEqual(["es", "ca", "en", "de"]);
    expect(t("about.values.proximity.text")).toContain("en español, catalán, inglés y alemán");
    expect(createI18n("ca", catalogue("ca")).t("about.values.proximity.text")).toContain(
      "en castellà, català, anglès i alemany",
    );
  });

  it("names the country in the page's language", () => {
    const ca = createI18n("ca", catalogue("ca"));
    expect(ca.options.interpolation?.defaultVariables?.["country"]).toBe("Espanya");
  });
});
