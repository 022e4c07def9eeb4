import type { Plugin } from "vite";
import { settings } from "#app/config/settings.server.ts";
import { languageList, siteConfig, type Language } from "#app/config/site.ts";
import { legalDir, loadLegalTexts } from "#app/content/legal/texts.server.ts";
import { publishedLanguages } from "#app/routing/paths.ts";

const id = "virtual:legal-texts";
const resolvedId = `\0${id}`;

/**
 * `virtual:legal-texts`: the legal texts rendered at build time, as data in the server
 * bundle, with the day of the build (the accessibility statement's review date). In
 * development an edit of content/legal/ reloads the page.
 */
export function legalTexts({ buildDate }: { buildDate: string }): Plugin {
  let languages: Language[] = [];
  return {
    name: "legal-texts",
    configResolved() {
      // This file is loaded before the build's settings reach siteConfig (vite.config.ts).
      const published = languageList(settings.build.VITE_PUBLISHED_LANGUAGES);
      languages = publishedLanguages(
        published ? { ...siteConfig, publishedLanguages: published } : siteConfig,
      );
    },
    resolveId(source) {
      return source === id ? resolvedId : undefined;
    },
    async load(moduleId) {
      if (moduleId !== resolvedId) return;
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
    configureServer(server) {
      const dir = legalDir();
      server.watcher.add(dir);
      server.watcher.on("all", (_event, file) => {
        if (!file.startsWith(dir)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(resolvedId);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}
