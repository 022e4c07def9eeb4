import type { Language } from "#app/config/site.ts";
import type { Messages } from "#app/i18n/i18n.ts";
import ca from "#app/locales/ca.json" with { type: "json" };
import de from "#app/locales/de.json" with { type: "json" };
import en from "#app/locales/en.json" with { type: "json" };
import es from "#app/locales/es.json" with { type: "json" };

/** All catalogues, for server rendering only; the browser loads just its own language. */
export const catalogues: Record<Language, Messages> = { es, en, ca, de };
