import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { settings } from "./app/config/settings.server.ts";
import { allPagePaths } from "./app/routing/paths";
import { buildImages } from "./scripts/build-images";
import { precompress } from "./scripts/precompress";

export default {
  // Pages are prerendered; the server still renders the 404 page and handles the contact form.
  ssr: true,
  prerender: () => [
    ...allPagePaths(),
    "/sitemap.xml",
    "/robots.txt",
    "/manifest.webmanifest",
    "/.well-known/security.txt",
  ],
  buildDirectory: settings.build.BUILD_DIR,
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    await buildImages(clientDir, settings.build.SITE_URL);
    precompress(clientDir);
  },
} satisfies Config;
