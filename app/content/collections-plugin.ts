import type { Plugin } from "vite";
import { caseStudySummary } from "#app/content/collections.ts";
import { caseStudiesDir, loadCaseStudies, loadPeople } from "#app/content/collections.server.ts";
import { peopleDir } from "#app/content/entries.server.ts";
import { buildLanguages, contentModule } from "#app/content/virtual-module.ts";

/**
 * `virtual:case-studies` and `virtual:people`: the collections rendered at build time, as
 * data in the server bundle. In development drafts and future case studies are previews.
 */
export function collections(): Plugin[] {
  return [
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
  ];
}

/** The collections with a page of their own that have entries in this build (app/pages.ts). */
export async function filledCollections({ preview }: { preview: boolean }): Promise<string> {
  const { caseStudies } = await loadCaseStudies({ preview, languages: buildLanguages() });
  return caseStudies.length ? "caseStudies" : "";
}
