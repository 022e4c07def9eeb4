import { describe, expect, it } from "vitest";
import { parseLanguageList, languages, siteConfig } from "#app/config/site.ts";
import { pageIds } from "#app/pages.ts";
import {
  allPagePaths,
  contactSentPath,
  dynamicPagePaths,
  localizedPath,
  parseLocalizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";

const withGerman = publishedLanguages({ ...siteConfig, publishedLanguages: languages });
const withoutGerman = publishedLanguages();

describe("published languages", () => {
  it("are the listed ones, in switcher order: German's texts are kept but not offered", () => {
    expect(withoutGerman).toEqual(["es", "en", "ca"]);
    expect(withGerman).toEqual(["es", "en", "ca", "de"]);
    expect(publishedLanguages({ languages, publishedLanguages: ["ca", "es"] })).toEqual([
      "es",
      "ca",
    ]);
  });

  it("are read from a build's VITE_PUBLISHED_LANGUAGES list in switcher order", () => {
    expect(parseLanguageList("de, es")).toEqual(["es", "de"]);
    expect(parseLanguageList("")).toBeUndefined();
  });
});

describe("prerender URL list", () => {
  it("has every page in Spanish unprefixed and the others under their prefix", () => {
    const paths = allPagePaths(withoutGerman);
    expect(paths).toHaveLength(pageIds.length * withoutGerman.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/en", "/en/about", "/ca/legal"]));
    for (const path of paths) {
      expect(path).toMatch(/^\/((en|ca)(\/[a-z-]+)?|[a-z-]*)$/);
    }
  });

  it("adds the German URLs, and only them, when German is published", () => {
    const paths = allPagePaths(withGerman);
    expect(paths).toHaveLength(pageIds.length * 4);
    const added = paths.filter((path) => !allPagePaths(withoutGerman).includes(path));
    expect(added).toEqual(pageIds.map((page) => localizedPath(page, "de")));
    expect(added[0]).toBe("/de");
    expect(added).toContain("/de/contact");
  });

  it("has no duplicates and no trailing slashes except the root", () => {
    const paths = allPagePaths(withGerman);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) if (path !== "/") expect(path.endsWith("/")).toBe(false);
  });
});

describe("parseLocalizedPath", () => {
  it("reads language and page from every prerendered URL", () => {
    for (const lang of withGerman) {
      for (const page of pageIds) {
        expect(parseLocalizedPath(localizedPath(page, lang), withGerman)).toEqual({ lang, page });
      }
    }
  });

  it("treats unknown and unpublished prefixes as unknown Spanish paths", () => {
    expect(parseLocalizedPath("/fr/about", withoutGerman)).toEqual({ lang: "es", page: null });
    expect(parseLocalizedPath("/de/about", withoutGerman)).toEqual({ lang: "es", page: null });
    expect(parseLocalizedPath("/es/about", withoutGerman)).toEqual({ lang: "es", page: null });
  });

  it("keeps the language of a known prefix for an unknown page", () => {
    expect(parseLocalizedPath("/en/nope", withoutGerman)).toEqual({ lang: "en", page: null });
    expect(parseLocalizedPath("/ca/about/extra", withoutGerman)).toEqual({
      lang: "ca",
      page: null,
    });
  });
});

describe("the contact form's dynamic 'sent' page", () => {
  it("has one URL per published language, under that language's contact page", () => {
    expect(dynamicPagePaths(withoutGerman).filter((path) => path.endsWith("/sent"))).toEqual([
      "/contact/sent",
      "/en/contact/sent",
      "/ca/contact/sent",
    ]);
    expect(contactSentPath("de")).toBe("/de/contact/sent");
  });

  it("is never in the prerendered list and reads as the contact page in its language", () => {
    for (const path of dynamicPagePaths(withGerman)) {
      expect(allPagePaths(withGerman)).not.toContain(path);
    }
    expect(parseLocalizedPath("/en/contact/sent", withoutGerman)).toEqual({
      lang: "en",
      page: "contact",
    });
    expect(parseLocalizedPath("/about/sent", withoutGerman)).toEqual({ lang: "es", page: null });
  });
});

describe("the booking pages", () => {
  it("are rendered per request in every published language, German included when published", () => {
    expect(dynamicPagePaths(withGerman)).toEqual(
      expect.arrayContaining(["/book", "/en/book", "/ca/book", "/de/book", "/en/book/manage"]),
    );
    for (const path of dynamicPagePaths(withGerman)) {
      expect(allPagePaths(withGerman)).not.toContain(path);
    }
  });
});
