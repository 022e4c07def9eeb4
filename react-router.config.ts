import type { Config } from "@react-router/dev/config";
import { allPagePaths } from "./app/lib/site-paths";

export default {
  // Pages are prerendered; the server still renders the 404 page and handles the contact form.
  ssr: true,
  prerender: () => allPagePaths(),
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
