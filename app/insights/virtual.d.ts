declare module "virtual:insights" {
  import type { Article, ArticleSummary } from "#app/insights/article-model.ts";
  /** Published articles of the published languages, newest first, rendered at build. */
  export const articles: Article[];
  /** The same without their bodies: for lists, feeds and the sitemap. */
  export const summaries: ArticleSummary[];
}
