import { absoluteUrl } from "#app/routing/seo.ts";

/** /robots.txt: everything may be crawled; the sitemap lists what should be indexed. */
export function loader() {
  const text = [
    "User-agent: *",
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
