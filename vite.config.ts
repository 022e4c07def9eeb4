import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile } from "node:fs/promises";
import { defineConfig, minifySync, type Plugin } from "vite";
import { settings } from "./app/config/settings.server.ts";
import { insights } from "./app/insights/vite-plugin.ts";

/**
 * sonner (the toasts) injects its stylesheet into <head> from script when its module loads,
 * which a Content-Security-Policy without 'unsafe-inline' styles refuses. The build drops
 * that injection; the same CSS ships as a static file (`sonner/dist/styles.css`) that the
 * contact form's script loads. No option of sonner's turns the injection off.
 */
function sonnerStaticStyles(): Plugin {
  return {
    name: "sonner-static-styles",
    transform(code, id) {
      if (!/\/node_modules\/sonner\/dist\/index\.m?js$/.test(id)) return;
      const stripped = code.replace(/^__insertCSS\(".*"\);$/m, "");
      if (stripped === code) this.error("sonner's run-time stylesheet injection was not found");
      return { code: stripped, map: null };
    },
  };
}

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

// The day of this build (SOURCE_DATE_EPOCH, when set, for reproducible builds): the
// accessibility statement dates its last review by it.
const epoch = settings.build.SOURCE_DATE_EPOCH;
const buildDate = new Date(epoch === undefined ? Date.now() : epoch * 1000)
  .toISOString()
  .slice(0, 10);

export default defineConfig({
  plugins: [tailwindcss(), sonnerStaticStyles(), inlineScripts(), insights(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Build-time settings reach app/config/site.ts, which also runs in the browser.
  define: {
    "import.meta.env.SITE_URL": JSON.stringify(settings.build.SITE_URL),
    "import.meta.env.VITE_PUBLISH_GERMAN": JSON.stringify(
      String(settings.build.VITE_PUBLISH_GERMAN),
    ),
    "import.meta.env.VITE_BUILD_DATE": JSON.stringify(buildDate),
  },
  // The server bundle is our Express app, which embeds the React Router build.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // Bundled so the server holds only the icons the pages use: loading the whole package at
  // run time costs about 30 MB of resident memory.
  ssr: { noExternal: ["lucide-react"] },
});
