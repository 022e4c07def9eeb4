// Also read by the build (images), which loads without path aliases: relative imports only.
import type { Language } from "../config/site.ts";
import type { Messages } from "./i18n.ts";
import ca from "../locales/ca.json" with { type: "json" };
import de from "../locales/de.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };

/** All catalogues, for server rendering only; the browser loads just its own language. */
export const catalogues: Record<Language, Messages> = { es, en, ca, de };
