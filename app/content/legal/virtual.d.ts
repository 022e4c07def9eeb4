declare module "virtual:legal-texts" {
  import type { LegalTexts } from "#app/content/legal/texts.server.ts";
  /** The legal texts of the published languages, rendered at build. */
  export const legalTexts: LegalTexts;
  /** The day of the build, YYYY-MM-DD: the accessibility statement's review date. */
  export const buildDate: string;
}
