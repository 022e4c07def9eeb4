import path from "node:path";
import type { Plugin } from "vite";
import { ownlessEntries, siteCollections } from "#app/content/collection-site.server.ts";
import { caseStudySummary } from "#app/content/collections.ts";
import { caseStudiesDir, loadCaseStudies, loadPeople } from "#app/content/collections.server.ts";
import { settings } from "#app/config/settings.server.ts";
import { peopleDir } from "#app/content/entries.server.ts";
import { legalDir, loadLegalTexts } from "#app/content/legal/texts.server.ts";
import { buildLanguages, contentModule } from "#app/content/virtual-module.ts";
import { summaryOf } from "#app/insights/article-model.ts";
import { insightsDir, loadInsights } from "#app/insights/content.server.ts";

/**
 * The content rendered at build time, as data in the server bundle (one module each, see
 * app/content/virtual-module.ts), so the server never reads Markdown or runs the highlighter:
 * - `virtual:insights`: the articles; in development (`npm run dev`) drafts and future
 *   articles are included as previews.
 * - `virtual:legal-texts`: the legal texts, with the day of the build (the accessibility
 *   statement's review date).
 * - `virtual:case-studies` and `virtual:people`: in development drafts and future case
 *   studies are previews.
 * - `virtual:collection-entries`: the entries of every collection with pages and no build of
 *   its own, by the collection's name, read as its definition says: a new collection needs
 *   no module of its own.
 */
export function contentModules({ buildDate }: { buildDate: string }): Plugin[] {
  return [
    contentModule({
      name: "insights",
      dir: insightsDir,
      async source({ preview, languages }) {
        const articles = await loadInsights({ preview, languages });
        return [
          `export const articles = ${JSON.stringify(articles)};`,
          `export const summaries = ${JSON.stringify(articles.map(summaryOf))};`,
        ].join("\n");
      },
    }),
    contentModule({
      name: "legal-texts",
      dir: legalDir,
      async source({ languages }) {
        const texts = await loadLegalTexts({
          siteUrl: settings.build.SITE_URL,
          publishedLanguages: languages,
          buildDate,
        });
        return [
          `export const legalTexts = ${JSON.stringify(texts)};`,
          `export const buildDate = ${JSON.stringify(buildDate)};`,
        ].join("\n");
      },
    }),
    contentModule({
      name: "case-studies",
      dir: caseStudiesDir,
      async source({ preview, languages }) {
        const { caseStudies } = await loadCaseStudies({ preview, languages });
        return [
          `export const caseStudies = ${JSON.stringify(caseStudies)};`,
          `export const caseStudySummaries = ${JSON.stringify(caseStudies.map(caseStudySummary))};`,
        ].join("\n");
      },
    }),
    contentModule({
      name: "people",
      dir: peopleDir,
      async source({ preview, languages }) {
        const { people } = await loadPeople({ preview, languages });
        return `export const people = ${JSON.stringify(people)};`;
      },
    }),
    contentModule({
      name: "collection-entries",
      dir: () => path.resolve("content"),
      async source({ languages }) {
        return `export const collectionEntries = ${JSON.stringify(await ownlessEntries(languages))};`;
      },
    }),
  ];
}

/**
 * The collections with pages that have entries in this build, by name: their lists are
 * linked and prerendered (app/pages.ts, `collection`). The articles' list is always there.
 */
export async function filledCollections({ preview }: { preview: boolean }): Promise<string[]> {
  const languages = buildLanguages();
  const { caseStudies } = await loadCaseStudies({ preview, languages });
  const entries = await ownlessEntries(languages);
  return siteCollections()
    .map((collection) => collection.name)
    .filter((name) =>
      name === "caseStudies" ? caseStudies.length > 0 : (entries[name]?.length ?? 0) > 0,
    );
}
