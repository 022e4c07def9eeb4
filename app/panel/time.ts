// Times in the panel and the owner's scripts: the company's time zone (Madrid), in the
// reader's language, whatever zone the server runs in.
import { companyTimeZone } from "#app/booking/availability.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment (milliseconds) as "27 nov 2026, 16:05", in the company's time zone (Madrid), in `lang`. */
export function companyDateTime(ms: number, lang: string): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, {
      timeZone: companyTimeZone,
      dateStyle: "medium",
      timeStyle: "short",
    });
    formats.set(lang, format);
  }
  return format.format(ms);
}
