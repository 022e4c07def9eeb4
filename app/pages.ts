// The page registry: routes, URLs, page metadata, header, footer, sitemap and the tests map
// over it. Adding a page = one entry here + its route module + its texts in the catalogues.
type PageEntry = {
  /** URL segment after the language prefix; "" is the language's home. */
  slug: string;
  /** Route module, relative to `app/`. */
  module: string;
  /** Catalogue key holding the page's `title` and `description`; the title is also its label. */
  meta: string;
  /** Catalogue key of the page's h1. */
  heading: string;
  /** Where it is linked: the header's and footer's main list, or the footer's legal column. */
  nav: "main" | "legal";
  /** Ships the browser entry to hydrate an interactive island; other pages ship no React. */
  hydrate?: true;
  /** The list of a content collection: the page exists only while the collection has entries. */
  collection?: Collection;
};

/** The name of a content collection with pages (`site` in app/content/definitions.server.ts). */
type Collection = string;

export const pages = {
  home: {
    slug: "",
    module: "routes/home.tsx",
    meta: "home.meta",
    heading: "home.hero.title",
    nav: "main",
  },
  about: {
    slug: "about",
    module: "routes/about.tsx",
    meta: "about.meta",
    heading: "about.title",
    nav: "main",
  },
  brands: {
    slug: "brands",
    module: "routes/brands.tsx",
    meta: "brands.meta",
    heading: "brands.title",
    nav: "main",
  },
  services: {
    slug: "services",
    module: "routes/services.tsx",
    meta: "services.meta",
    heading: "services.title",
    nav: "main",
  },
  // The list of case studies (content/case-studies, app/content/collections.server.ts).
  caseStudies: {
    slug: "case-studies",
    module: "routes/case-studies.tsx",
    meta: "caseStudies.meta",
    heading: "caseStudies.title",
    nav: "main",
    collection: "caseStudies",
  },
  contact: {
    slug: "contact",
    module: "routes/contact.tsx",
    meta: "contact.meta",
    heading: "contact.title",
    nav: "main",
    hydrate: true,
  },
  // The list of articles; the articles themselves come from content/insights (app/insights/).
  insights: {
    slug: "insights",
    module: "routes/insights.tsx",
    meta: "insights.meta",
    heading: "insights.title",
    nav: "main",
  },
  privacy: {
    slug: "privacy",
    module: "routes/privacy.tsx",
    meta: "legal.privacy.meta",
    heading: "legal.privacy.meta.title",
    nav: "legal",
  },
  cookies: {
    slug: "cookies",
    module: "routes/cookies.tsx",
    meta: "legal.cookies.meta",
    heading: "legal.cookies.meta.title",
    nav: "legal",
  },
  legal: {
    slug: "legal",
    module: "routes/legal-notice.tsx",
    meta: "legal.legal.meta",
    heading: "legal.legal.meta.title",
    nav: "legal",
  },
  accessibility: {
    slug: "accessibility",
    module: "routes/accessibility.tsx",
    meta: "legal.accessibility.meta",
    heading: "legal.accessibility.meta.title",
    nav: "legal",
  },
} as const satisfies Record<string, PageEntry>;

export type PageId = keyof typeof pages;

/**
 * The collections with entries in this build: vite.config.ts puts them in the bundles. Node
 * alone (the scripts and tests) sees none, as with the shipped, empty content/.
 */
const filled = new Set(import.meta.env?.CONTENT_COLLECTIONS?.split(",") ?? []);

/** Every page the build may have, whether or not its collection has entries: the routes. */
export const allPageIds = Object.keys(pages) as PageId[];

/** Every page this build has, in navigation order: links, sitemap, prerendering. */
export const pageIds = allPageIds.filter((page) => {
  const entry: PageEntry = pages[page];
  return !entry.collection || filled.has(entry.collection);
});

/** The pages of one navigation group, in order. */
export const pagesIn = (nav: PageEntry["nav"]): PageId[] =>
  pageIds.filter((page) => pages[page].nav === nav);

export const isPageId = (id: string): id is PageId => Object.hasOwn(pages, id);

/** Whether the page hydrates an island (ships the browser entry). */
export function hydrates(page: PageId): boolean {
  const entry: PageEntry = pages[page];
  return entry.hydrate === true;
}
