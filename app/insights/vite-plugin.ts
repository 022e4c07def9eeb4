import type { Plugin } from "vite";
import { settings } from "#app/config/settings.server.ts";
import { languageList, siteConfig, type Language } from "#app/config/site.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { summaryOf } from "#app/insights/article.ts";
import { insightsDir, loadInsights } from "#app/insights/content.server.ts";

const id = "virtual:insights";
const resolvedId = `\0${id}`;

/**
 * `virtual:insights`: the articles rendered at build time, as data in the server bundle, so
 * the server never reads Markdown or runs the highlighter. In development (`npm run dev`)
 * drafts and future articles are included as previews, and an edit reloads the page.
 */
export function insights(): Plugin {
  let preview = false;
  let languages: Language[] = [];
  return {
    name: "insights",
    configResolved(config) {
      preview = config.command === "serve";
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
      const articles = await loadInsights({ preview, languages });
      return [
        `export const articles = ${JSON.stringify(articles)};`,
        `export const summaries = ${JSON.stringify(articles.map(summaryOf))};`,
      ].join("\n");
    },
    configureServer(server) {
      const dir = insightsDir();
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
