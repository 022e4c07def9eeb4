// Builds the content editor served at /admin (app/admin/) into <build>/admin: Sveltia CMS from
// its npm package, bundled with everything it loads, so the page asks no other site for code,
// translations or fonts.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build, version as viteVersion, type Plugin } from "vite";
import { cacheKey, type BuildCache } from "#scripts/build-cache.ts";

const require = createRequire(import.meta.url);
const cmsEntry = require.resolve("@sveltia/cms");
const cmsAssets = path.join(path.dirname(cmsEntry), "assets");
const root = path.resolve("app/admin");

/**
 * The editor's stylesheet names its three fonts at a CDN (cdn.jsdelivr.net/fontsource/…); the
 * package ships the same files. Each URL becomes the packaged file, which the bundle then
 * carries. A URL with no packaged file stops the build, so an upgrade cannot quietly bring
 * the CDN back (the test of the editor also fails on any request off the site).
 */
function packagedFonts(): Plugin {
  const cdnFont =
    /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)[^/]*\/([a-z0-9-]+)\.woff2/g;
  const files = readdirSync(cmsAssets).filter((file) => file.endsWith(".woff2"));
  const used = new Set<string>();
  return {
    name: "packaged-fonts",
    enforce: "pre",
    transform(code, id) {
      if (id !== cmsEntry) return;
      let found = 0;
      const local = code.replace(cdnFont, (url, family: string, face: string) => {
        const file = files.find((name) => name.startsWith(`${family}-${face}-`));
        if (!file) this.error(`No packaged font for ${url} in ${cmsAssets}`);
        found += 1;
        used.add(file);
        return `/admin/fonts/${file}`;
      });
      if (found === 0) this.error("The editor's font URLs were not found: check packagedFonts()");
      return { code: local, map: null };
    },
    generateBundle() {
      for (const file of used) {
        this.emitFile({
          type: "asset",
          fileName: `fonts/${file}`,
          source: readFileSync(path.join(cmsAssets, file)),
        });
      }
    },
  };
}

/**
 * Decap CMS checks its configuration in the browser with ajv, which compiles each schema into
 * a function from a string (`new Function`): under the editor's policy, which refuses
 * 'unsafe-eval', that throws and the editor never starts. That check is left out of the
 * bundle: the configuration is made by our server from the same definitions the build checks
 * (app/admin/cms-config.server.ts), and the browser test opens the editor on it. Nothing else
 * of Decap's that the editor uses evaluates strings. A release whose check has moved stops the
 * build here, so an upgrade cannot bring 'unsafe-eval' back quietly.
 */
function configCheckLeftOut(): Plugin {
  const check = "export function validateConfig(config) {";
  return {
    name: "decap-config-check-left-out",
    enforce: "pre",
    transform(code, id) {
      if (!id.replaceAll("\\", "/").endsWith("decap-cms-core/dist/esm/constants/configSchema.js"))
        return;
      if (!code.includes(check))
        this.error(`Decap's configuration check moved: see configCheckLeftOut()`);
      return { code: code.replace(check, `${check}\n  return;`), map: null };
    },
  };
}

/**
 * The editor's page and bundle, written to `outDir`. They change only with the package, Vite,
 * this file or the page; any other build copies them from the cache.
 */
export async function buildAdmin(outDir: string, cache: BuildCache) {
  const inputs = [
    readFileSync(path.join(path.dirname(cmsEntry), "..", "package.json")),
    readFileSync(require.resolve("decap-cms-app/package.json")),
    viteVersion,
    readFileSync(import.meta.filename),
    ...["index.html", "editor.ts"].map((file) => readFileSync(path.join(root, file))),
  ];
  await cache.directory(cacheKey(...inputs), outDir, bundle);
}

async function bundle(outDir: string) {
  await build({
    configFile: false,
    root,
    base: "/admin/",
    logLevel: "warn",
    plugins: [packagedFonts(), configCheckLeftOut()],
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      // One large bundle, loaded only by the owner; its parts load as the editor needs them.
      chunkSizeWarningLimit: 4096,
      reportCompressedSize: false,
      rolldownOptions: {
        // Direct `eval` in gray-matter (JavaScript front matter) and @iarna/toml (Node's
        // util.inspect): parts Decap bundles that the editor never runs (YAML and JSON only).
        onLog(level, log, handler) {
          if (log.code === "EVAL" && log.id?.includes("node_modules")) return;
          handler(level, log);
        },
      },
    },
  });
}
