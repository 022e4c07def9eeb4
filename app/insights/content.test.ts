import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { summaryOf } from "#app/insights/article-model.ts";
import { parseSettings } from "#app/config/settings.server.ts";
import { buildDay, loadInsights } from "#app/insights/content.server.ts";
import { insightsFeed } from "#app/insights/feed.ts";
import { translationLinks } from "#app/routing/language-links.ts";
import { localizedPath } from "#app/routing/paths.ts";
import { absoluteUrl, articleSeo, articleSitemapEntries } from "#app/routing/seo.ts";

const fixtures = path.resolve("tests/fixtures/insights");
/** The people the fixtures name as authors. */
const people = path.resolve("tests/fixtures/people");
const languages = ["es", "en", "ca"] as const;
/** After the fixtures' dates, before the future one (2026-06-01). */
const today = "2026-03-01";
const load = (options: Parameters<typeof loadInsights>[0] = {}) =>
  loadInsights({ dir: fixtures, today, languages, people, ...options });

/** A content folder holding one article whose front matter is `matter`. */
function contentWith(matter: string, body = "Text.") {
  const dir = mkdtempSync(path.join(tmpdir(), "insights-"));
  mkdirSync(path.join(dir, "broken"));
  writeFileSync(path.join(dir, "broken", "index.es.md"), `---\n${matter}\n---\n\n${body}\n`);
  return dir;
}

const valid = [
  "title: Un título suficientemente largo",
  "description: Una descripción de prueba que tiene más de cincuenta caracteres, como exige el esquema.",
  "slug: un-articulo",
  "date: 2026-01-01",
  "tags: [Pruebas]",
];

describe("front matter", () => {
  it.each([
    ["date", "date: 1 de enero", /broken\/index\.es\.md: invalid front matter\n\s+date: /],
    [
      "services",
      "services: [cooking]",
      /broken\/index\.es\.md: invalid front matter\n\s+services\.0: /,
    ],
    ["slug", "slug: Un Artículo", /broken\/index\.es\.md: invalid front matter\n\s+slug: /],
    ["unknown field", "author: Alguien", /broken\/index\.es\.md: invalid front matter\n.*author/],
  ])("a wrong %s fails with the file and the field", async (field, line, message) => {
    const key = line.split(":")[0];
    const matter = [...valid.filter((entry) => !entry.startsWith(`${key}:`)), line].join("\n");
    await expect(load({ dir: contentWith(matter) })).rejects.toThrow(message);
  });

  it("a missing title fails naming it", async () => {
    const matter = valid.filter((entry) => !entry.startsWith("title:")).join("\n");
    await expect(load({ dir: contentWith(matter) })).rejects.toThrow(
      /index\.es\.md: .*\n\s+title: /,
    );
  });

  it("an update earlier than the date fails naming `updated`", async () => {
    const matter = [...valid, "updated: 2025-12-01"].join("\n");
    await expect(load({ dir: contentWith(matter) })).rejects.toThrow(/\n\s+updated: must not/);
  });
});

describe("Markdown", () => {
  it("an image without alt text fails the build, naming the file", async () => {
    const dir = contentWith(valid.join("\n"), "![](square.png)");
    await expect(load({ dir })).rejects.toThrow(
      /broken\/index\.es\.md: image "square\.png" has no alt/,
    );
  });

  it.each([
    ["javascript:", "[pulsa](javascript:alert(1))"],
    ["upper-case javascript:", "[pulsa](JavaScript:alert(1))"],
    ["javascript: as a character reference", "[pulsa](&#106;avascript:alert(1))"],
    ["javascript: with a tab a browser removes", "[pulsa](<java\tscript:alert(1)>)"],
    ["an autolink", "<javascript:alert(1)>"],
    ["a reference definition", "[pulsa][aquí]\n\n[aquí]: javascript:alert(1)"],
    ["data:", "[pulsa](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript:", "[pulsa](vbscript:msgbox(1))"],
    ["file:", "[pulsa](file:///etc/passwd)"],
    ["a data: image", "![Un punto](data:image/png;base64,iVBORw0KGgo=)"],
    ["a javascript: image", "![Un punto](javascript:alert(1))"],
  ])("a link to %s fails the build, naming the file", async (_, body) => {
    const dir = contentWith(valid.join("\n"), body);
    await expect(load({ dir })).rejects.toThrow(
      /broken\/index\.es\.md: (link|image) ".*" \(line \d+\): the scheme [a-z]+: is not allowed; use http\(s\), mailto, tel or a relative URL/,
    );
  });

  it("links to http(s), mailto, tel and relative URLs pass", async () => {
    const links = [
      "https://example.org/",
      "http://example.org/",
      "mailto:hola@example.es",
      "tel:+34971000000",
      "/services",
      "#una-seccion",
      "../otro",
      "?q=1",
      "//example.org/",
    ];
    const body = links.map((url, index) => `[enlace ${index}](${url})`).join("\n\n");
    const [article] = await load({ dir: contentWith(valid.join("\n"), body), languages: ["es"] });
    for (const url of links) expect(article?.html).toContain(`href="${url}"`);
  });

  it("an h1 in the body fails: the title is the page's only h1", async () => {
    const dir = contentWith(valid.join("\n"), "# Otro título");
    await expect(load({ dir })).rejects.toThrow(/start sections at "##"/);
  });

  it("sets quotes and apostrophes as a typographer does, in the title and the body, not in code", async () => {
    const dir = contentWith(
      valid.join("\n").replace("title: Un título", "title: L'article, un títol"),
      'Una tasca que "hauríem d\'automatitzar", l\'empresa. `echo "it\'s"`',
    );
    const [article] = await load({ dir });
    expect(article?.title).toBe("L’article, un títol suficientemente largo");
    expect(article?.html).toContain("Una tasca que “hauríem d’automatitzar”, l’empresa.");
    expect(article?.html).toContain('<code>echo "it\'s"</code>');
  });

  it("renders anchors, safe external links, classes instead of inline styles, and pictures", async () => {
    const article = (await load()).find((entry) => entry.path === "/insights/articulo-de-prueba");
    const html = article?.html ?? "";
    expect(html).toContain('<h2 id="una-sección"><a class="heading-link" href="#una-sección">');
    expect(html).toContain('<a href="https://example.org/" rel="noopener">');
    expect(html).toContain('<a href="/services">');
    // A column of short cells is a key, kept on one line; one with a sentence wraps.
    expect(html).toMatch(/<table>[\s\S]*<th data-key="">Columna<\/th>\s*<th>Valor<\/th>/);
    expect(html).toContain('<td data-key="">b</td>');
    expect(html).toContain(
      "<td>Una frase larga que no cabe en una celda corta y debe partirse</td>",
    );
    expect(html).toMatch(/<blockquote>\s*<p>Una cita\.<\/p>/);
    expect(html).toContain('<span class="code-token-comment"># cada lunes a las 7:00</span>');
    // The Content-Security-Policy allows no inline style attribute.
    expect(html).not.toContain("style=");
    expect(html).toMatch(
      /<img src="\/insights\/images\/square-[0-9a-f]+-1200\.webp" alt="Un cuadrado azul de prueba" width="1200" height="675" loading="lazy" decoding="async">/,
    );
    expect(article?.images.map((image) => `${image.width}.${image.format}`).sort()).toEqual(
      ["1200.avif", "1200.webp", "480.avif", "480.webp", "800.avif", "800.webp"].sort(),
    );
  });
});

describe("publication", () => {
  it("leaves out drafts and articles dated after the build day", async () => {
    const paths = (await load()).map((article) => article.path);
    expect(paths.sort()).toEqual(["/en/insights/test-article", "/insights/articulo-de-prueba"]);
  });

  it("publishes a future article once the build day reaches its date", async () => {
    const paths = (await load({ today: "2026-06-01" })).map((article) => article.path);
    expect(paths).toContain("/insights/articulo-futuro");
  });

  it("development previews include drafts and future articles, marked", async () => {
    const previews = (await load({ preview: true })).filter((article) => article.preview);
    expect(previews.map((article) => article.slug).sort()).toEqual([
      "articulo-futuro",
      "borrador-de-prueba",
    ]);
  });

  it("drafts and future articles are in neither the feed nor the sitemap", async () => {
    const summaries = (await load()).map(summaryOf);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(insightsFeed("es", summaries));
    const entries = [feed.feed.entry].flat();
    expect(entries.map((entry: { id: string }) => entry.id)).toEqual([
      absoluteUrl("/insights/articulo-de-prueba"),
    ]);
    const locs = articleSitemapEntries(summaries).map((entry) => entry.canonical);
    expect(locs.sort()).toEqual(
      [
        absoluteUrl("/en/insights/test-article"),
        absoluteUrl("/insights/articulo-de-prueba"),
      ].sort(),
    );
    expect(locs.join()).not.toMatch(/borrador|futuro/);
  });

  it("the build day comes from INSIGHTS_NOW when set", () => {
    const { INSIGHTS_NOW } = parseSettings({ INSIGHTS_NOW: "2026-06-01T10:00:00Z" }).build;
    expect(buildDay(INSIGHTS_NOW)).toBe("2026-06-01");
    expect(() => parseSettings({ INSIGHTS_NOW: "soon" })).toThrow(/INSIGHTS_NOW: must be a date/);
  });
});

describe("translations", () => {
  it("link each other, and a language without a translation has no alternate", async () => {
    const [en, es] = await load();
    if (!en || !es) throw new Error("the fixtures' two translations are missing");
    expect(es.translations).toEqual({ es: "/insights/articulo-de-prueba", en: en.path });
    const seo = articleSeo(es);
    expect(seo.alternates).toEqual([
      { hreflang: "es", href: absoluteUrl("/insights/articulo-de-prueba") },
      { hreflang: "en", href: absoluteUrl("/en/insights/test-article") },
      { hreflang: "x-default", href: absoluteUrl("/insights/articulo-de-prueba") },
    ]);
    expect(seo.alternates.map((alternate) => alternate.hreflang)).not.toContain("ca");
  });

  it("the language switcher leads to a translation, or to the list of a language without one", async () => {
    const [, es] = await load();
    expect(translationLinks(es?.translations ?? {}, "insights", languages)).toEqual({
      es: "/insights/articulo-de-prueba",
      en: "/en/insights/test-article",
      ca: localizedPath("insights", "ca"),
    });
  });

  it("the sitemap's lastmod is the update day, else the publication day", async () => {
    const entries = articleSitemapEntries((await load()).map(summaryOf));
    expect(Object.fromEntries(entries.map((entry) => [entry.canonical, entry.lastmod]))).toEqual({
      [absoluteUrl("/insights/articulo-de-prueba")]: "2026-02-01",
      [absoluteUrl("/en/insights/test-article")]: "2026-01-15",
    });
  });

  it("the feed is a valid Atom document with absolute URLs", async () => {
    const xml = insightsFeed("en", (await load()).map(summaryOf));
    const { feed } = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.link).toContainEqual({
      "@_rel": "alternate",
      "@_href": absoluteUrl(localizedPath("insights", "en")),
    });
    expect(feed.entry.link).toContainEqual({ "@_href": absoluteUrl("/en/insights/test-article") });
  });
});
