import { describe, expect, it } from "vitest";
import { languages, siteConfig, type Language } from "#app/config/site.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { pageIds } from "#app/pages.ts";
import {
  allPagePaths,
  localizedPath,
  parseLocalizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";
import { sitemapEntries } from "#app/routing/seo.ts";

// A language is data: listed, it gets URLs, hreflang alternates and sitemap entries with no
// code of its own. "fr" has no catalogue here; the URL rules, the head links and the names
// need none.
const french = "fr" as Language;
const withFrench = publishedLanguages({
  languages: [...languages, french],
  publishedLanguages: [...siteConfig.publishedLanguages, french],
});

describe("a language added to the lists", () => {
  it("is published after the others, with its own prefix on every page", () => {
    expect(withFrench).toEqual([...publishedLanguages(), "fr"]);
    const paths = allPagePaths(withFrench);
    expect(paths).toEqual(expect.arrayContaining(["/fr", "/fr/about", "/fr/contact"]));
    expect(paths.filter((path) => /^\/fr(\/|$)/.test(path))).toHaveLength(pageIds.length);
  });

  it("is read back from its URLs, and only while it is published", () => {
    expect(parseLocalizedPath("/fr/about", withFrench)).toEqual({ lang: "fr", page: "about" });
    expect(parseLocalizedPath("/fr/about")).toEqual({ lang: "es", page: null });
  });

  it("is an alternate of every page written in it, and in the sitemap", () => {
    const entries = sitemapEntries(undefined, withFrench);
    const about = entries.find((entry) => entry.page === "about" && entry.lang === french);
    expect(about?.canonical).toMatch(/\/fr\/about$/);
    expect(about?.alternates.map((alternate) => alternate.hreflang)).toEqual([
      ...withFrench,
      "x-default",
    ]);
    expect(localizedPath("home", french)).toBe("/fr");
  });

  it("is named by the platform's language data, in its own language and in the owner's", () => {
    expect(languageName("fr")).toBe("Français");
    expect(languageName("fr", "es")).toBe("Francés");
    expect(languages.map((code) => languageName(code))).toEqual([
      "Español",
      "English",
      "Català",
      "Deutsch",
    ]);
  });
});
