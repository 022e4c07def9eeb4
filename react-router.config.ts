import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { settings } from "#app/config/settings.server.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import { writeImageVariants } from "#app/insights/images.server.ts";
import { ownlessEntries, siteCollections } from "#app/content/collection-site.server.ts";
import { filledCollections } from "#app/content/collections-plugin.ts";
import { loadCaseStudies, loadPeople } from "#app/content/collections.server.ts";
import {
  allPagePaths,
  insightsFeedPath,
  localizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";
import { buildAdmin } from "#scripts/build-admin.ts";
import { buildAskIndex } from "#scripts/build-ask-index.ts";
import { buildCache } from "#scripts/build-cache.ts";
import { buildImages } from "#scripts/build-images.ts";
import { trimBuiltPageStyles } from "#scripts/page-styles.ts";
import { precompress } from "#scripts/precompress.ts";

export default {
  // Pages are prerendered; the server still renders the 404 page and handles the contact form.
  ssr: true,
  // `npm run dev`: Vite finds the browser's packages from the client entry and every route
  // before the first page; otherwise it finds some only when a page loads them, and that page
  // fails once (504 "Outdated Optimize Dep") and reloads.
  future: { unstable_optimizeDeps: true },
  prerender: async () => {
    const { caseStudies } = await loadCaseStudies();
    const filled = await filledCollections({ preview: false });
    const entries = Object.values(await ownlessEntries(publishedLanguages())).flat();
    return [
      ...new Set([
        ...allPagePaths(),
        // A collection's list exists only with entries (app/pages.ts, `collection`).
        ...siteCollections()
          .filter((collection) => filled.includes(collection.name))
          .flatMap(({ site }) =>
            publishedLanguages().map((lang) => localizedPath(site.list, lang)),
          ),
      ]),
      ...caseStudies.map((study) => study.path),
      ...(await loadInsights()).map((article) => article.path),
      ...entries.map((entry) => entry.path),
      ...publishedLanguages().map(insightsFeedPath),
      "/sitemap.xml",
      "/robots.txt",
      "/manifest.webmanifest",
      "/.well-known/security.txt",
    ];
  },
  buildDirectory: settings.build.BUILD_DIR,
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const cache = buildCache();
    cache.prune();
    const articles = await loadInsights();
    await buildImages(clientDir, settings.build.SITE_URL, articles);
    await writeImageVariants(clientDir, [
      ...articles.flatMap((article) => article.images),
      ...(await loadCaseStudies()).images,
      ...(await loadPeople()).images,
    ]);
    trimBuiltPageStyles(clientDir, path.join(reactRouterConfig.buildDirectory, "server"));
    const askIndex = await buildAskIndex(clientDir, reactRouterConfig.buildDirectory);
    console.log(
      `Index for /ask: ${Object.entries(askIndex)
        .map(([lang, bytes]) => `${lang} ${Math.round(bytes / 1024)} KB`)
        .join(", ")}`,
    );
    precompress(clientDir, cache);
    // Beside the site, not in it: served from disk at /admin with its own policy.
    await buildAdmin(path.join(reactRouterConfig.buildDirectory, "admin"), cache);
    const { hits, misses } = cache.stats();
    console.log(
      `Build cache (node_modules/.cache/site-build): ${hits} steps reused, ${misses} done`,
    );
  },
} satisfies Config;
