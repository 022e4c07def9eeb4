import { describe, expect, it } from "vitest";
import { languageRedirect, rememberedLanguage } from "#server/redirects.ts";

describe("the remembered language", () => {
  it("reads the lang cookie among others", () => {
    expect(rememberedLanguage("a=1; lang=en; b=2")).toBe("en");
    expect(rememberedLanguage("lang=ca")).toBe("ca");
    expect(rememberedLanguage("xlang=en; lang = ca ")).toBe("ca");
    expect(rememberedLanguage("lang=fr")).toBeUndefined();
    expect(rememberedLanguage("lang=de")).toBeUndefined(); // not published
    expect(rememberedLanguage(undefined)).toBeUndefined();
    expect(rememberedLanguage(";".repeat(100_000))).toBeUndefined();
  });

  it("sends an unprefixed page to the chosen language's copy", () => {
    expect(languageRedirect("about", "es", "lang=en")).toBe("/en/about");
    expect(languageRedirect("home", "es", "lang=ca")).toBe("/ca");
    expect(languageRedirect("about", "es", "lang=es")).toBeUndefined();
    expect(languageRedirect("about", "es", undefined)).toBeUndefined();
  });
});
