import type { IncomingHttpHeaders } from "node:http";

const days = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const longDays = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const months = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const time = "\\d{2}:\\d{2}:\\d{2}";
/** IMF-fixdate and the two obsolete forms a recipient must still accept (RFC 9110 §5.6.7). */
const imfFixdate = new RegExp(`^${days}, \\d{2} ${months} \\d{4} ${time} GMT$`);
const rfc850 = new RegExp(`^${longDays}, \\d{2}-${months}-\\d{2} ${time} GMT$`);
const asctime = new RegExp(`^${days} ${months} [ \\d]\\d ${time} \\d{4}$`);

/**
 * An HTTP-date in milliseconds, or undefined for anything else: a list of dates, another
 * date format, a date that does not exist. asctime carries no zone but means GMT.
 */
export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  const parsed =
    imfFixdate.test(text) || rfc850.test(text)
      ? Date.parse(text)
      : asctime.test(text)
        ? Date.parse(`${text} GMT`)
        : NaN;
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** The entity tags of an If-Match list, weak ones with their `W/`. */
const entityTags = (value: string): string[] =>
  value.match(/(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g) ?? [];

/**
 * Whether a GET or HEAD of an existing representation may go on, by If-Match and
 * If-Unmodified-Since (RFC 9110 §13.2.2 steps 1 and 2); false means 412 Precondition Failed.
 * If-Match compares strongly (§8.8.3.2), so a weak tag never matches; `*` matches any
 * existing representation. If-Unmodified-Since counts only without If-Match, as a valid
 * HTTP-date, and when the representation has a modification date (§13.1.4).
 */
export function preconditionsHold(
  headers: IncomingHttpHeaders,
  { etag, lastModified }: { etag: string; lastModified?: string },
): boolean {
  const ifMatch = headers["if-match"];
  if (ifMatch !== undefined) {
    return ifMatch.trim() === "*" || entityTags(ifMatch).includes(etag);
  }
  const since = headers["if-unmodified-since"];
  if (since === undefined || lastModified === undefined) return true;
  const date = parseHttpDate(since);
  const modified = parseHttpDate(lastModified);
  return date === undefined || modified === undefined || modified <= date;
}
