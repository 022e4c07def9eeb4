import type { Plugin } from "vite";
import { legalDir, loadLegalTexts } from "#app/content/legal/texts.server.ts";
import { settings } from "#app/config/settings.server.ts";
import { contentModule } from "#app/content/virtual-module.ts";

/**
 * `virtual:legal-texts`: the legal texts rendered at build time, as data in the server
 * bundle, with the day of the build (the accessibility statement's review date). In
 * development an edit of content/legal/ reloads the page.
 */
export function legalTexts({ buildDate }: { buildDate: string }): Plugin {
  return contentModule({
    name: "legal-texts",
    dir: legalDir,
    async source({ languages }) {
      const texts = await loadLegalTexts({
        siteUrl: settings.build.SITE_URL,
        publishedLanguages: languages,
        buildDate,
      });
      return [
        `export const legalTexts = ${JSON.stringify(texts)};`,
        `export const buildDate = ${JSON.stringify(buildDate)};`,
      ].join("\n");
    },
  });
}
