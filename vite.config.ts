import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server bundle is our Express app, which embeds the React Router build.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // Bundled so the server holds only the icons the pages use: loading the whole package at
  // run time costs about 30 MB of resident memory.
  ssr: { noExternal: ["lucide-react"] },
});
