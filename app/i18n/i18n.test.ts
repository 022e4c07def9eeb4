import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages, siteConfig } from "#app/config/site.ts";
import {
  catalogue,
  catalogueFile,
  catalogueParts,
  catalogueProblems,
  messagesTypeSource,
} from "#app/i18n/catalogues.server.ts";
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

  it("is one file per part of the site, the same files in every language, merged under their names", () => {
    expect(catalogueParts("es")).toEqual(expect.arrayContaining(["home", "nav", "legal"]));
    for (const lang of others) expect(catalogueParts(lang), lang).toEqual(catalogueParts("es"));
    expect(Object.keys(spanish).sort()).toEqual(catalogueParts("es"));
    const home = JSON.parse(readFileSync(catalogueFile("es", "home"), "utf8")) as Tree;
    expect(spanish["home"]).toEqual(home);
  });

  it("tells of a missing or extra file, and of a missing, extra or empty text, naming file and key", () => {
    const root = mkdtempSync(path.join(tmpdir(), "catalogues-"));
    const write = (file: string, texts: object) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), JSON.stringify(texts));
    };
    // A new part of the site ("panel") is one more file per language, and nothing else.
    write("es/home.json", { hero: { title: "Hola", subtitle: "Sub" } });
    write("es/panel.json", { title: "Panel" });
    write("en/home.json", { hero: { title: "Hi", extra: "x" } });
    write("ca/home.json", { hero: { title: " ", subtitle: "Sub" } });
    write("ca/panel.json", { title: "Tauler" });
    write("ca/ask.json", { title: "Pregunta" });
    const where = (file: string) => path.relative(process.cwd(), path.join(root, file));
    expect(catalogueProblems(["es", "en", "ca", "de"], root)).toEqual([
      `  ${where("en/panel.json")}: missing (${where("es/panel.json")} has it)`,
      `  ${where("en/home.json")} hero.subtitle: missing (${where("es/home.json")} has it)`,
      `  ${where("en/home.json")} hero.extra: not in ${where("es/home.json")}`,
      `  ${where("ca/ask.json")}: not in ${where("es")}`,
      `  ${where("ca/home.json")} hero.title: empty`,
      `  ${where("de")}: no catalogue files (${where("es")} has them)`,
    ]);
  });

  it("has its type written for every file (npm run typecheck writes app/i18n/messages.ts)", () => {
    expect(
      readFileSync("app/i18n/messages.ts", "utf8"),
      "out of date: `npm run typecheck` writes it",
    ).toBe(messagesTypeSource());
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
    const file = JSON.parse(readFileSync(catalogueFile("ca", "about"), "utf8")) as Tree;
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
