import { XMLParser } from "fast-xml-parser";
import type { Page } from "@playwright/test";
import { siteConfig } from "#app/config/site.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { formatDay, lastModified } from "#app/insights/article-model.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import { translationLinks } from "#app/routing/language-links.ts";
import {
  callToActionPath,
  allPagePaths,
  insightsFeedPath,
  localizedPath,
  parseLocalizedPath,
} from "#app/routing/paths.ts";
import { absoluteUrl, articleSeo } from "#app/routing/seo.ts";
import { inSentence } from "#app/text/typography.ts";
import { expect, expectNoAxeViolations, languages, test, translator } from "#tests/e2e/support.ts";

// Article URLs are not registry pages (allPagePaths), so this spec covers them end to end.
// The articles as the build made them: the same content folder, the same day.
const articles = await loadInsights();
const xml = new XMLParser({ ignoreAttributes: false });
/** A site URL as the test server answers it. */
const local = (url: string) => new URL(url).pathname;

/** Collects every Content-Security-Policy violation the page reports. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("each language's list shows its articles newest first, with date, reading time, tags and summary", async ({
  page,
}) => {
  for (const lang of languages) {
    const t = translator(lang);
    const own = articles.filter((article) => article.lang === lang);
    expect(own.length, lang).toBeGreaterThan(0);
    await page.goto(localizedPath("insights", lang));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("insights.title"));
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { level: 2 }),
      });
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(own.map((a) => a.title));
    for (const [i, article] of own.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("link", { name: article.title })).toHaveAttribute(
        "href",
        article.path,
      );
      await expect(card).toContainText(formatDay(article.date, lang));
      await expect(card).toContainText(
        t("insights.readingTime", { count: article.readingMinutes }),
      );
      await expect(card).toContainText(article.description);
      await expect(
        card.getByRole("list", { name: t("insights.tags") }).getByRole("listitem"),
      ).toHaveText(article.tags);
    }
    // Newest first.
    const dates = own.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  }
});

test("the header and footer link the list, after the other main pages", async ({ page }) => {
  for (const lang of languages) {
    const t = translator(lang);
    await page.goto(localizedPath("home", lang));
    // The page links: the first list of the navigation (the languages follow them).
    const header = page
      .getByRole("navigation", { name: t("nav.label") })
      .getByRole("list")
      .first()
      .getByRole("link");
    await expect(header.last()).toHaveText(t("nav.insights"));
    await expect(header.last()).toHaveAttribute("href", localizedPath("insights", lang));
    const footer = page.getByRole("navigation", { name: t("footer.links") });
    await expect(footer.getByRole("link", { name: t("nav.insights") })).toHaveAttribute(
      "href",
      localizedPath("insights", lang),
    );
  }
});

test("every article: its head, reciprocal hreflang only among translations, BlogPosting and social card", async ({
  page,
  request,
}) => {
  for (const article of articles) {
    const t = translator(article.lang);
    const response = await page.goto(article.path);
    expect(response?.status(), article.path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page).toHaveTitle(`${article.title} | ${siteConfig.name}`);
    const head = page.locator("head");
    await expect(head.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      article.description,
    );
    const canonical = absoluteUrl(article.path);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    const alternates = await head.locator("link[rel=alternate][hreflang]").evaluateAll((links) =>
      links.map((link) => ({
        hreflang: link.getAttribute("hreflang") ?? "",
        href: link.getAttribute("href") ?? "",
      })),
    );
    expect(alternates, article.path).toEqual(articleSeo(article).alternates);
    // Only languages it is written in, and each of them lists this one back.
    const written = Object.keys(article.translations);
    expect(alternates.filter((a) => a.hreflang !== "x-default").map((a) => a.hreflang)).toEqual(
      languages.filter((code) => written.includes(code)),
    );
    for (const { hreflang, href } of alternates) {
      const other = articles.find((candidate) => absoluteUrl(candidate.path) === href);
      expect(other, `${article.path} → ${hreflang}`).toBeDefined();
      expect(other?.translations[article.lang], `${href} lists ${article.path}`).toBe(article.path);
    }

    const [jsonLd] = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = JSON.parse(jsonLd ?? "{}") as Record<string, unknown>;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: article.title,
      description: article.description,
      datePublished: article.date,
      dateModified: lastModified(article),
      inLanguage: article.lang,
      mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
      author: { "@type": "Organization", name: siteConfig.name },
      publisher: { "@type": "Organization", name: siteConfig.name },
    });

    const image = await head.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toBe(posting["image"]);
    const card = await request.get(local(image ?? ""));
    expect(card.status(), image ?? "").toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

    // Related services lead to their place on the services page; the article's own call to
    // action names them and leads where every call to action does.
    for (const service of article.services) {
      const title = t(`services.items.${service}.title`);
      await expect(page.getByRole("link", { name: title, exact: true })).toHaveAttribute(
        "href",
        `${localizedPath("services", article.lang)}#${service}`,
      );
    }
    const band = page.getByRole("region", { name: t("insights.cta.title") });
    for (const service of article.services) {
      // Named as it reads mid-sentence ("solucions d’IA generativa").
      await expect(band).toContainText(
        inSentence(t(`services.items.${service}.title`), article.lang),
      );
    }
    await expect(band.getByRole("link", { name: t("insights.cta.button") })).toHaveAttribute(
      "href",
      callToActionPath(article.lang),
    );
  }
});

test("the language switcher leads to the translation, or to the list when there is none", async ({
  page,
}) => {
  for (const article of articles) {
    await page.goto(article.path);
    const switcher = page.getByRole("list", { name: translator(article.lang)("nav.languages") });
    const targets = translationLinks(article.translations);
    for (const code of languages) {
      await expect(
        switcher.getByRole("link", { name: `${languageName(code)}, ${code.toUpperCase()}` }),
      ).toHaveAttribute("href", targets[code]!);
    }
  }
});

test("each language's Atom feed parses, lists its articles, and every link in it answers", async ({
  request,
}) => {
  for (const lang of languages) {
    const response = await request.get(insightsFeedPath(lang));
    expect(response.status()).toBe(200);
    const { feed } = xml.parse(await response.text());
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    const entries = [feed.entry].flat();
    const own = articles.filter((article) => article.lang === lang);
    expect(entries.map((entry) => entry.id)).toEqual(own.map((a) => absoluteUrl(a.path)));
    const links = [
      ...[feed.link].flat().map((link) => link["@_href"] as string),
      ...entries.flatMap((entry) => [entry.link].flat().map((link) => link["@_href"] as string)),
    ];
    for (const link of links) {
      expect(link.startsWith(siteConfig.siteUrl), link).toBe(true);
      expect((await request.get(local(link))).status(), link).toBe(200);
    }
  }
});

test("every page of a language points feed readers to that language's feed", async ({
  request,
}) => {
  for (const path of [...allPagePaths(), ...articles.map((article) => article.path)]) {
    const html = await (await request.get(path)).text();
    const { lang } = parseLocalizedPath(path);
    expect(html, path).toContain(
      `<link rel="alternate" type="application/atom+xml" title="${translator(lang)("insights.feedTitle")}" href="${insightsFeedPath(lang)}"/>`,
    );
  }
});

test("the sitemap lists every article with the day it last changed", async ({ request }) => {
  const { urlset } = xml.parse(await (await request.get("/sitemap.xml")).text());
  const lastmods = Object.fromEntries(
    [urlset.url].flat().map((url: { loc: string; lastmod: string }) => [url.loc, url.lastmod]),
  );
  for (const article of articles) {
    expect(lastmods[absoluteUrl(article.path)], article.path).toBe(lastModified(article));
  }
});

test("article and list pages: no script but the page's own, its CSP, no violation, axe clean in both schemes", async ({
  page,
}) => {
  const violations = await watchCsp(page);
  const [article] = articles;
  for (const path of [article?.path ?? "", localizedPath("insights", "en")]) {
    const response = await page.goto(path);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("script-src 'self' 'sha256-");
    expect(csp, path).not.toContain("unsafe-inline");
    // No JavaScript file, module or loader: only the inline page script (and JSON-LD data).
    await expect(
      page.locator("script[src], script[type=module], link[rel=modulepreload]"),
    ).toHaveCount(0);
    await expect(page.locator("script:not([type])")).toHaveCount(1);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
    }
    expect(await violations(), path).toEqual([]);
  }
});
