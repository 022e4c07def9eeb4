import { sitemapEntries } from "~/routing/seo";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** /sitemap.xml: every canonical URL with its language alternates, prerendered at build. */
export function loader() {
  const lastmod = new Date().toISOString().slice(0, 10);
  const urls = sitemapEntries().map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(entry.canonical)}</loc>`,
      `    <lastmod>${lastmod}</lastmod>`,
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
