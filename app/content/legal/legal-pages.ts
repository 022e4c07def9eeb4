// Which pages are legal texts and where their files live. Kept apart from the texts' build
// (texts.server.ts, which loads the Markdown pipeline): the server bundle needs these names for
// the editor's configuration, and must not import packages only the build installs.
import type { PageId } from "#app/pages.ts";

/** Each legal page's folder under content/legal/. */
export const legalFolders = {
  privacy: "privacy",
  cookies: "cookies",
  legal: "legal-notice",
  accessibility: "accessibility",
} as const satisfies Partial<Record<PageId, string>>;

export type LegalPageId = keyof typeof legalFolders;
export const legalPageIds = Object.keys(legalFolders) as LegalPageId[];
