// Where a visit came from: the campaign tags of the URL, else the referring site, else
// direct. Only these names are kept; the rest of the URL and of the referrer is dropped.
import { printableLine } from "#app/text/printable.ts";

/** Longest name kept for a source or a campaign part: longer values are cut. */
const maxPart = 60;

/** The source of visits without a referrer or campaign tags (typed, bookmarked, an app). */
export const directSource = "(direct)";

/**
 * A name as it is kept: without control and format characters (the owner reads these names
 * in a terminal and an e-mail), lower case, runs of spaces as one, at most `maxPart`
 * characters (counted by code point, so an emoji is never cut in half).
 */
const clean = (value: string | null) => {
  const text = printableLine(value ?? "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
  return Array.from(text).slice(0, maxPart).join("");
};

export type Arrival = {
  /** The view enters the site: its referrer is not one of the site's own pages. */
  entry: boolean;
  /** For an entry: the utm_source, else the referring host without `www.`, else `(direct)`. */
  source?: string;
  /** For an entry with campaign tags: `source / medium / campaign` (`-` where one is missing). */
  campaign?: string;
};

/**
 * How a page view arrived. `search` is the page URL's query string, `referrer` the page the
 * browser says it came from, `ownHosts` the site's own hosts (`host[:port]`, lower case).
 */
export function classifyArrival(
  search: string,
  referrer: string,
  ownHosts: ReadonlySet<string>,
): Arrival {
  let referrerHost = "";
  if (referrer) {
    try {
      const url = new URL(referrer);
      if (ownHosts.has(url.host.toLowerCase())) return { entry: false };
      referrerHost = clean(url.hostname.replace(/^www\./i, ""));
    } catch {
      // An unparsable referrer says nothing about where the visit came from.
    }
  }
  const params = new URLSearchParams(search);
  const [source, medium, name] = ["utm_source", "utm_medium", "utm_campaign"].map((key) =>
    clean(params.get(key)),
  );
  if (source || medium || name) {
    return {
      entry: true,
      source: source || referrerHost || directSource,
      campaign: `${source || "-"} / ${medium || "-"} / ${name || "-"}`,
    };
  }
  return { entry: true, source: referrerHost || directSource };
}
