import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { languages, siteConfig, type Language } from "#app/config/site.ts";
import { services } from "#app/content/service-list.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import { textLanguages } from "#app/content/legal/texts.server.ts";
import { absoluteUrl, ogLocales, sitemapEntries } from "#app/routing/seo.ts";
import { pageIds, type PageId } from "#app/pages.ts";
import { allPagePaths, parseLocalizedPath, publishedLanguages } from "#app/routing/paths.ts";
import { expect, test, translator } from "#tests/e2e/support.ts";
import { alternateLinks, canonicalUrl } from "#tests/support/head-links.ts";

// Runs in both projects: the default build and the one with German published.
const languagesOf = (projectName: string) =>
  projectName === "german"
    ? publishedLanguages({ ...siteConfig, publishedLanguages: languages })
    : publishedLanguages();
const buildDirOf = (projectName: string) => (projectName === "german" ? "build-de" : "build");

type Head = {
  title: string;
  description: string | null;
  canonical: string | null;
  og: Record<string, string[]>;
  twitterCard: string | null;
  jsonLd: string[];
  alternates: string[][];
  /** The language switcher's choices, the current one marked with a star. */
  languageChoices: string[];
};

/** The <head> facts of a URL as served, parsed from the HTML without running scripts. */
async function head(
  request: APIRequestContext,
  url: string,
  /** The language switcher's list is the one labelled so. */
  switcherLabel = "",
): Promise<Head> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  const attr = (tag: string, name: string) =>
    tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? null;
  const decode = (text: string) =>
    text
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);
  const metas = tags(/<meta [^>]*>/g);
  const links = tags(/<link [^>]*>/g);
  const og: Record<string, string[]> = {};
  for (const meta of metas) {
    const property = attr(meta, "property");
    if (property?.startsWith("og:"))
      (og[property] ??= []).push(decode(attr(meta, "content") ?? ""));
  }
  const metaContent = (name: string) => {
    const meta = metas.find((m) => attr(m, "name") === name);
    return meta ? decode(attr(meta, "content") ?? "") : null;
  };
  return {
    title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""),
    description: metaContent("description"),
    canonical: attr(links.find((l) => attr(l, "rel") === "canonical") ?? "", "href"),
    alternates: links
      .filter((l) => attr(l, "rel") === "alternate" && attr(l, "hrefLang"))
      .map((l) => [attr(l, "hrefLang")!, attr(l, "href")!]),
    languageChoices: [
      ...(
        html.match(
          new RegExp(`<ul [^>]*aria-label="${switcherLabel}"[^>]*>([\\s\\S]*?)</ul>`),
        )?.[1] ?? ""
      ).matchAll(/<a [^>]*>/g),
    ].map(
      ([a]) => `${attr(a, "data-language-choice")}${a.includes('aria-current="true"') ? "*" : ""}`,
    ),
    og,
    twitterCard: metaContent("twitter:card"),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    ),
  };
}

function pngSize(file: string) {
  const data = readFileSync(file);
  expect(data.subarray(1, 4).toString()).toBe("PNG");
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

// Each page's language, title and description, as the browser shows them, are checked per URL
// in page-sweep.spec.ts (in the German build: its German URLs).
test("every page: a title and description of its own, head links, the switcher, a social card", async ({
  request,
}, testInfo) => {
  const languages = languagesOf(testInfo.project.name);
  const paths = allPagePaths(languages);
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const url of paths) {
    const { lang } = parseLocalizedPath(url, languages) as { lang: Language };
    const t = translator(lang);
    const page = await head(request, url, t("nav.languages"));
    titles.add(page.title);
    descriptions.add(page.description ?? "");
    expect(page.description?.length ?? 0, url).toBeGreaterThan(50);
    expect(page.canonical, url).toBe(canonicalUrl(url, languages));
    expect(page.alternates.sort(), url).toEqual(alternateLinks(url, languages).sort());
    expect(page.languageChoices, url).toEqual(
      languages.map((code) => `${code}${code === lang ? "*" : ""}`),
    );

    expect(page.og["og:title"], url).toEqual([page.title]);
    expect(page.og["og:description"], url).toEqual([page.description]);
    expect(page.og["og:url"], url).toEqual([page.canonical]);
    expect(page.og["og:type"], url).toEqual(["website"]);
    expect(page.og["og:locale"], url).toEqual([ogLocales[lang]]);
    expect(page.og["og:locale:alternate"]?.sort(), url).toEqual(
      languages
        .filter((code) => code !== lang)
        .map((code) => ogLocales[code])
        .sort(),
    );
    expect(page.og["og:image"], url).toEqual([absoluteUrl(`/og/${lang}.png`)]);
    expect(page.og["og:image:width"], url).toEqual(["1200"]);
    expect(page.og["og:image:height"], url).toEqual(["630"]);
    expect(page.og["og:image:alt"], url).toEqual([t("seo.imageAlt")]);
    expect(page.twitterCard, url).toBe("summary_large_image");
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);

  for (const lang of languages) {
    const file = path.join(buildDirOf(testInfo.project.name), "client/og", `${lang}.png`);
    expect(pngSize(file)).toEqual({ width: 1200, height: 630 });
    const served = await request.get(`/og/${lang}.png`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
  }
});

test("the home page describes the company in JSON-LD, in its language", async ({
  request,
}, testInfo) => {
  for (const lang of languagesOf(testInfo.project.name)) {
    const url = lang === "es" ? "/" : `/${lang}`;
    const { jsonLd } = await head(request, url);
    expect(jsonLd).toHaveLength(1);
    const graph = (JSON.parse(jsonLd[0]!) as { "@graph": Record<string, unknown>[] })["@graph"];
    const organization = graph.find((node) => node["@type"] === "Organization");
    const service = graph.find((node) => node["@type"] === "ProfessionalService");
    expect(organization).toMatchObject({
      name: siteConfig.name,
      url: absoluteUrl(url),
      email: siteConfig.email,
      sameAs: [siteConfig.linkedinUrl],
    });
    expect(service).toMatchObject({
      address: {
        addressLocality: siteConfig.address.locality,
        addressCountry: siteConfig.address.countryCode,
      },
      description: translator(lang)("home.meta.description"),
    });
    const logo = await request.get(new URL(organization!["logo"] as string).pathname);
    expect(logo.status()).toBe(200);
  }
});

test("the services page lists the service catalogue in JSON-LD, under the same service node", async ({
  request,
}, testInfo) => {
  for (const lang of languagesOf(testInfo.project.name)) {
    const { jsonLd } = await head(request, lang === "es" ? "/services" : `/${lang}/services`);
    expect(jsonLd).toHaveLength(1);
    const node = JSON.parse(jsonLd[0]!) as {
      "@id": string;
      hasOfferCatalog: { itemListElement: { itemOffered: { name: string } }[] };
    };
    expect(node["@id"]).toBe(`${siteConfig.siteUrl}/#service`);
    expect(node.hasOfferCatalog.itemListElement.map((offer) => offer.itemOffered.name)).toEqual(
      services.map((item) => translator(lang)(`services.items.${item.id}.title`)),
    );
  }
});

test("sitemap.xml lists every canonical URL once with all alternates; robots.txt points to it", async ({
  request,
}, testInfo) => {
  const languages = languagesOf(testInfo.project.name);
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await response.text();
  const locOf = (entry: string) => entry.match(/<loc>([^<]+)<\/loc>/)![1]!;
  // Articles are listed too, with their own dates and alternates (tests/e2e/insights.spec.ts).
  const articles = new Set(
    (await loadInsights({ languages })).map((article) => absoluteUrl(article.path)),
  );
  const all = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  expect(all.filter((entry) => articles.has(locOf(entry)))).toHaveLength(articles.size);
  const urls = all.filter((entry) => !articles.has(locOf(entry)));
  const locs = urls.map(locOf);
  const expected = sitemapEntries(textLanguages, languages).map((entry) => entry.canonical);
  expect(locs.sort()).toEqual([...expected].sort());
  expect(new Set(locs).size).toBe(locs.length);
  // A copy that shows the Spanish text names the Spanish page as canonical: not listed.
  const written = (page: PageId) => languages.filter((code) => textLanguages(page).includes(code));
  expect(locs).toHaveLength(pageIds.reduce((sum, page) => sum + written(page).length, 0));
  // The day the sitemap was built (not the day the test runs: a build may cross midnight).
  const sitemapFile = path.join(buildDirOf(testInfo.project.name), "client", "sitemap.xml");
  const built = statSync(sitemapFile).mtime.toISOString().slice(0, 10);
  for (const entry of urls) {
    expect(entry).toContain(`<lastmod>${built}</lastmod>`);
    const loc = locOf(entry);
    const alternates = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => m[1]);
    const { page } = parseLocalizedPath(new URL(loc).pathname, languages) as { page: PageId };
    const codes = written(page);
    expect(alternates.sort(), loc).toEqual(
      codes.length > 1 ? [...codes, "x-default"].sort() : codes,
    );
  }

  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toContain("User-agent: *\nAllow: /");
  expect(text).toContain(`Sitemap: ${absoluteUrl("/sitemap.xml")}`);
});

test("icons and the web manifest are served", async ({ request }) => {
  for (const [url, type] of [
    ["/favicon.ico", "image/vnd.microsoft.icon"],
    ["/favicon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toContain(type);
  }
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    name: siteConfig.name,
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  for (const icon of manifest.icons as { src: string }[])
    expect((await request.get(icon.src)).status()).toBe(200);
});

// No request of any page answering with an error is checked per URL in page-sweep.spec.ts.
