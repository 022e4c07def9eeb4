import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import type { Settings } from "#app/config/settings.server.ts";
import { allPagePaths } from "#app/routing/paths.ts";
import { loadBuiltFiles } from "#server/built-files.ts";
import { renderNotFoundPages } from "#server/not-found-pages.ts";
import { askIndexFile } from "#app/ask/search.ts";
import { wireSite } from "#server/wire-site.ts";

// The build's prerenderer reads React Router's server build from this bundle's exports.
export * from "virtual:react-router/server-build";

/** This module is bundled to <build>/server/index.js; the browser files sit beside it. */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/**
 * Starts the production site and listens (server.js): the built files and 404 pages in
 * memory, then the wiring it shares with `npm run dev` (server/wire-site.ts). `stop` closes the
 * server, then the services.
 */
export function startSite(settings: Settings) {
  return wireSite(settings, {
    build,
    adminDir: path.resolve(clientDir, "../admin"),
    askIndexFile: (lang) => askIndexFile(path.resolve(clientDir, ".."), lang),
    built: {
      clientDir,
      load: async (entryPaths) => ({
        files: loadBuiltFiles(clientDir, [...allPagePaths(), ...entryPaths]),
        notFoundPages: await renderNotFoundPages(build),
      }),
    },
  });
}
