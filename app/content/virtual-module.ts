import type { Plugin } from "vite";
import { settings } from "#app/config/settings.server.ts";
import { parseLanguageList, siteConfig, type Language } from "#app/config/site.ts";
import { publishedLanguages } from "#app/routing/paths.ts";

/** The build's published languages: this runs before the build's settings reach siteConfig. */
export function buildLanguages(): Language[] {
  const published = parseLanguageList(settings.build.VITE_PUBLISHED_LANGUAGES);
  return publishedLanguages(
    published ? { ...siteConfig, publishedLanguages: published } : siteConfig,
  );
}

/** What a content module is made for: the build's languages, and whether it is `npm run dev`. */
type Build = { preview: boolean; languages: Language[] };

/**
 * `virtual:<name>`: content rendered at build time, handed to the server bundle as data so the
 * server never reads or renders it. In development an edit under `dir()` reloads the page.
 * `source` gives the module's code.
 */
export function contentModule({
  name,
  dir,
  source,
}: {
  name: string;
  dir: () => string;
  source: (build: Build) => Promise<string>;
}): Plugin {
  const id = `virtual:${name}`;
  const resolvedId = `\0${id}`;
  const build: Build = { preview: false, languages: [] };
  return {
    name,
    configResolved(config) {
      build.preview = config.command === "serve";
      build.languages = buildLanguages();
    },
    resolveId(source) {
      return source === id ? resolvedId : undefined;
    },
    async load(moduleId) {
      if (moduleId === resolvedId) return source(build);
    },
    configureServer(server) {
      const watched = dir();
      server.watcher.add(watched);
      server.watcher.on("all", (_event, file) => {
        if (!file.startsWith(watched)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(resolvedId);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}
