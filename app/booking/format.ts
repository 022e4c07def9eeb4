// Dates and times of the booking page and its e-mails, in the reader's language and a given
// time zone (the visitor's when the browser tells it, else the company's), the zone named.
import { companyTimeZone } from "#app/booking/availability.ts";

/** A company date (YYYY-MM-DD) for people: "lunes, 29 de marzo". */
export const dayLabel = (date: string, lang: string) =>
  new Intl.DateTimeFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(Date.parse(`${date}T12:00:00Z`));

/** A company date's parts for a day tile: weekday and month short ("jue", "25", "mar"). */
export function dayParts(date: string, lang: string) {
  const at = Date.parse(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(lang, { ...options, timeZone: "UTC" }).format(at).replace(/\.$/, "");
  return {
    weekday: part({ weekday: "short" }),
    day: part({ day: "numeric" }),
    month: part({ month: "short" }),
  };
}

/** The time of an instant on a zone's clock: "09:30". */
export const timeLabel = (at: number, lang: string, timeZone: string) =>
  new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", timeZone }).format(at);

/** A time zone's name in a language, as people know it ("hora de verano de Europa central"). */
export function zoneName(at: number, lang: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: "long" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** A call's date and time for people, with the zone named. */
export const whenLabel = (start: number, lang: string, timeZone = companyTimeZone) =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short", timeZone }).format(start)} (${zoneName(start, lang, timeZone)})`;

/** A time zone the browser named, if Intl knows it (the e-mails' and the call's page's wording). */
export function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
