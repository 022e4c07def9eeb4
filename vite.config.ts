import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defineConfig, minifySync, type Plugin } from "vite";
import { settings } from "#app/config/settings.server.ts";
import { contentModules, filledCollections } from "#app/content/collections-plugin.ts";

/**
 * `import code from "./x.js?inline-script"`: the file minified, as a string for an inline
 * <script>. The page script is inlined into every page, so its bytes count on every first
 * visit; its source keeps its comments and names.
 */
function inlineScripts(): Plugin {
  return {
    name: "inline-scripts",
    enforce: "pre",
    async load(id) {
      const [file, query] = id.split("?");
      if (query !== "inline-script" || !file) return;
      const result = minifySync(file, await readFile(file, "utf8"));
      if (result.errors.length > 0) this.error(result.errors.map((e) => e.message).join("\n"));
      return `export default ${JSON.stringify(result.code)};`;
    },
  };
}

/**
 * Names the server build's second entry (the calendar's worker thread) by its own name: React
 * Router names every entry of the server build after its one file (index.js), which would
 * make it index2.js. Runs after React Router's plugin, so its choice is the one kept.
 */
function serverEntryNames(): Plugin {
  return {
    name: "server-entry-names",
    configEnvironment(name) {
      if (name !== "ssr") return;
      return {
        build: {
          rollupOptions: {
            output: {
              entryFileNames: (chunk: { name: string }) =>
                chunk.name === "index" ? "index.js" : `${chunk.name}.js`,
            },
          },
        },
      };
    },
  };
}

/**
 * Loads the server build before React Router prerenders the pages. Its prerenderer gives each
 * request 10 s (a fixed limit), and it imports the server build inside the first request: on a
 * busy 2-core machine that import alone took 8 to 20 s (under 2 s of CPU), and the build failed
 * with "Prerender: Request failed for /_.data: The operation was aborted due to timeout". The
 * same module, imported here first, is already loaded when that request asks for it.
 */
function serverBuildBeforePrerender(): Plugin {
  let serverEntry = "";
  return {
    name: "server-build-before-prerender",
    configResolved(config) {
      serverEntry = path.resolve(config.root, settings.build.BUILD_DIR, "server", "index.js");
    },
    async configurePreviewServer() {
      if (existsSync(serverEntry)) await import(pathToFileURL(serverEntry).href);
    },
  };
}

// The day of this build (SOURCE_DATE_EPOCH, when set, for reproducible builds): the
// accessibility statement dates its last review by it.
const epoch = settings.build.SOURCE_DATE_EPOCH;
const buildDate = new Date(epoch === undefined ? Date.now() : epoch * 1000)
  .toISOString()
  .slice(0, 10);

export default defineConfig(async ({ command }) => ({
  plugins: [
    tailwindcss(),
    inlineScripts(),
    ...contentModules({ buildDate }),
    reactRouter(),
    serverEntryNames(),
    serverBuildBeforePrerender(),
  ],
  // Build-time settings reach app/config/site.ts, which also runs in the browser.
  define: {
    // The collections with entries, whose pages and links this build has (app/pages.ts).
    "import.meta.env.CONTENT_COLLECTIONS": JSON.stringify(
      (await filledCollections({ preview: command === "serve" })).join(","),
    ),
    "import.meta.env.SITE_URL": JSON.stringify(settings.build.SITE_URL),
    // Where the calls to action lead (app/routing/paths.ts).
    "import.meta.env.BOOKING_OFFERED": JSON.stringify(String(settings.build.BOOKING_OFFERED)),
    "import.meta.env.VITE_PUBLISHED_LANGUAGES": JSON.stringify(
      settings.build.VITE_PUBLISHED_LANGUAGES ?? "",
    ),
  },
  // The server bundle is our Express app, which embeds the React Router build; beside it the
  // module of the worker thread that reads the booking calendar (app/booking/calendar.server.ts).
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: {
            index: "./server/app.ts",
            "calendar-worker": "./app/booking/calendar-worker.server.ts",
          },
        },
      },
    },
  },
  // The log's gzip column costs a CPU-second a build; `npm run size` measures what a visit loads.
  build: { reportCompressedSize: false },
  // Bundled so the server holds only the icons the pages use: loading the whole package at
  // run time costs about 30 MB of resident memory.
  ssr: { noExternal: ["lucide-react"] },
}));
