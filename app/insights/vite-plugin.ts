import type { Plugin } from "vite";
import { contentModule } from "#app/content/virtual-module.ts";
import { summaryOf } from "#app/insights/article.ts";
import { insightsDir, loadInsights } from "#app/insights/content.server.ts";

/**
 * `virtual:insights`: the articles rendered at build time, as data in the server bundle, so
 * the server never reads Markdown or runs the highlighter. In development (`npm run dev`)
 * drafts and future articles are included as previews, and an edit reloads the page.
 */
export function insights(): Plugin {
  return contentModule({
    name: "insights",
    dir: insightsDir,
    async source({ preview, languages }) {
      const articles = await loadInsights({ preview, languages });
      return [
        `export const articles = ${JSON.stringify(articles)};`,
        `export const summaries = ${JSON.stringify(articles.map(summaryOf))};`,
      ].join("\n");
    },
  });
}
