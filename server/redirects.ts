import type { ServerResponse } from "node:http";
import type { Language } from "#app/config/site.ts";
import type { PageId } from "#app/pages.ts";
import { localizedPath, publishedLanguages } from "#app/routing/paths.ts";
import { plainHeaders } from "#server/security-headers.ts";

/**
 * Sends the visitor to another path of this site. `location` is a path from
 * `normalisePath` or `localizedPath` (always one leading slash), and the query string rides
 * along so campaign tags survive.
 */
export function redirect(
  res: ServerResponse,
  status: 301 | 302,
  location: string,
  search: string,
  { https, extra }: { https: boolean; extra?: Record<string, string> },
) {
  res.writeHead(status, { ...plainHeaders(https), ...extra, Location: location + search });
  res.end();
}

/** The language a visitor chose earlier (the `lang` cookie), when it is a published one. */
export function rememberedLanguage(cookieHeader: string | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(";")) {
    const [name, value] = pair.split("=");
    if (name?.trim() === "lang") return publishedLanguages().find((lang) => lang === value?.trim());
  }
  return undefined;
}

/**
 * An unprefixed (default-language) page follows the language the visitor chose earlier:
 * the path to send them to, or undefined to serve the page as asked.
 */
export function languageRedirect(
  page: PageId,
  lang: Language,
  cookieHeader: string | undefined,
): string | undefined {
  const remembered = rememberedLanguage(cookieHeader);
  return remembered && remembered !== lang ? localizedPath(page, remembered) : undefined;
}
