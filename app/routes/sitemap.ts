import { caseStudySummaries } from "virtual:case-studies";
import { collectionEntries } from "virtual:collection-entries";
import { summaries } from "virtual:insights";
import { legalTexts } from "virtual:legal-texts";
import type { Language } from "#app/config/site.ts";
import { articleSeo, articleSitemapEntries, sitemapEntries } from "#app/routing/seo.ts";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * /sitemap.xml: every canonical URL with its language alternates, prerendered at build.
 * Pages change with each build; articles say when they last changed.
 */
export function loader() {
  const built = new Date().toISOString().slice(0, 10);
  const entries = [
    // A legal text is listed in the languages it is written in (its files in content/legal/).
    ...sitemapEntries((page) =>
      Object.hasOwn(legalTexts, page)
        ? (Object.keys(legalTexts[page as keyof typeof legalTexts]) as Language[])
        : undefined,
    ).map((entry) => ({ ...entry, lastmod: built })),
    ...articleSitemapEntries(summaries),
    // Case studies, like articles: each its own canonical URL, its translations the alternates.
    ...caseStudySummaries.map((study) => ({ ...articleSeo(study), lastmod: study.date })),
    // The entries of the collections without a build of their own change with each build.
    ...Object.values(collectionEntries)
      .flat()
      .map((entry) => ({ ...articleSeo(entry), lastmod: built })),
  ];
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(entry.canonical)}</loc>`,
      `    <lastmod>${entry.lastmod}</lastmod>`,
      ...entry.alternates.map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
      ),
      "  </url>",
    ].join("\n"),
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
