import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { allPagePaths } from "./app/routing/paths";
import { buildImages } from "./scripts/build-images";
import { precompress } from "./scripts/precompress";

export default {
  // Pages are prerendered; the server still renders the 404 page and handles the contact form.
  ssr: true,
  prerender: () => [...allPagePaths(), "/sitemap.xml", "/robots.txt", "/manifest.webmanifest"],
  buildDirectory: process.env.BUILD_DIR ?? "build",
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    await buildImages(clientDir);
    precompress(clientDir);
  },
} satisfies Config;
