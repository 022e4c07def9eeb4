import { siteConfig } from "#app/config/site.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { absoluteUrl } from "#app/routing/seo.ts";

const dayMs = 24 * 3600 * 1000;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. Generated at
 * build; it expires a day short of a year later, within the RFC's advice, so a site
 * rebuilt yearly never serves a stale one (the go-live check warns when it has).
 */
export function loader() {
  const expires = new Date(Date.now() + 365 * dayMs - dayMs);
  const text = [
    `Contact: mailto:${siteConfig.email}`,
    `Expires: ${expires.toISOString()}`,
    `Preferred-Languages: ${publishedLanguages().join(", ")}`,
    `Canonical: ${absoluteUrl("/.well-known/security.txt")}`,
    "",
  ].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
