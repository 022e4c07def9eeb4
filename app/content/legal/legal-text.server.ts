import { buildDate, legalTexts } from "virtual:legal-texts";
import { legalTextIn, type LegalText } from "#app/components/legal-page.tsx";
import type { LegalPageId } from "#app/content/legal/legal-pages.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";

/** A legal page's text for the request's language, for the routes' loaders (run at build). */
export function legalText(page: LegalPageId, request: Request): LegalText {
  return legalTextIn(legalTexts[page], parseLocalizedPath(new URL(request.url).pathname).lang);
}

export { buildDate };
