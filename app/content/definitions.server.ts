// One definition per collection the owner edits: where its files are, its shape (zod), the
// fields written per language, which fields are Markdown and the editor's widgets. The
// editor's configuration (app/admin/cms-config.server.ts), the start-up check of the content
// files (app/content/check.server.ts) and the build's reading of the entries
// (app/content/read-entries.server.ts, used by the articles', case studies' and people's
// builds) are all made from these, so none of them can disagree with another on a field; so
// are a collection's routes, prerendered pages, sitemap entries and build-time data
// (`site`, app/content/collection-site.server.ts).
// A new collection is a definition here, its page, its texts and its content folder (and an
// entry in app/pages.ts when its list is a page of its own rather than an existing one).
import type { z } from "zod";
import { legalFolders } from "#app/content/legal/legal-pages.ts";
import { languageFile } from "#app/content/languages-file.server.ts";
import {
  askTopicSchema,
  askWordsSchema,
  bookingSchema,
  caseStudySchema,
  companySchema,
  personSchema,
  servicesSchema,
} from "#app/content/schema.ts";
import { frontMatterSchema } from "#app/insights/front-matter.ts";
import type { PageId } from "#app/pages.ts";

/** An editor widget that replaces a field's own (Markdown, a photo, a relation). */
type Widget = { widget: string; [option: string]: unknown };

/** What every collection says of itself. */
type Definition = {
  /** Its name: the editor's (its URL, `#/collections/<name>`) and the checks'. */
  name: string;
  /** Its name for the owner, in Spanish (the editor's list). */
  label: string;
};

/** One JSON file (content/company.json): checked at start, edited field by field. */
export type FileCollection = Definition & {
  kind: "file";
  file: string;
  schema: z.ZodType;
};

/**
 * One folder per entry and one Markdown file per language: `<folder>/<entry>/index.<lang>.md`,
 * the front matter checked against `schema`, the text below it the `body` (or nothing).
 */
export type FolderCollection = Definition & {
  kind: "folder";
  /** The folder's default; a setting may point the build elsewhere (the tests' fixtures). */
  folder: string;
  schema: z.ZodType;
  /** The front matter's fields written per language; the others are the same in every one. */
  translated: readonly string[];
  /** Front-matter fields written in Markdown: the build renders them, the editor edits them so. */
  markdown?: readonly string[];
  /** The text below the front matter, by its label; without one, nothing may be written there. */
  body?: string;
  /** Fields whose editor widget is not their shape's (a photo, a relation). */
  widgets?: Record<string, Widget>;
  /** The field that names an entry and its folder, when it is not `title`. */
  identifier?: string;
  /** Its pages on the site, when it has any. */
  site?: CollectionSite;
};

/**
 * A collection's pages: its list (a page of app/pages.ts, linked once the collection has
 * entries) and one page per entry under it, `<list's path>/<slug>`, in every published
 * language. app/routes.ts routes them; unless `own` says that a build of its own
 * (drafts, dates, images) lists the entries, app/content/collection-site.server.ts reads
 * them for the prerendering, the sitemap and the route module (`virtual:collection-entries`).
 */
type CollectionSite = {
  list: PageId;
  /** The entry pages' route module (relative to `app/`) and route id (`<lang>/<id>`). */
  entry: { id: string; module: string };
  own?: true;
};

/**
 * Markdown pages written per language, one folder each (`<folder>/<page>/<lang>.md`), titled
 * by the catalogue: the legal texts.
 */
type PagesCollection = Definition & {
  kind: "pages";
  folder: string;
  /** Each page's id (its title in the catalogue: `legal.<id>.meta.title`) and folder. */
  pages: Readonly<Record<string, string>>;
  body: string;
};

export type Collection = FileCollection | FolderCollection | PagesCollection;

/** Checks a definition's kind and fields where it is written. */
export const defineCollection = <Definition extends Collection>(definition: Definition) =>
  definition;

/** The articles (see "Write an article" in the README). */
export const articles = defineCollection({
  kind: "folder",
  name: "insights",
  label: "Artículos",
  folder: "content/insights",
  schema: frontMatterSchema,
  translated: ["title", "description", "slug", "tags"],
  body: "Texto",
  site: { list: "insights", entry: { id: "article", module: "routes/article.tsx" }, own: true },
  widgets: {
    // One of the people (content/people), by their folder's name; empty: the company.
    author: {
      widget: "relation",
      collection: "people",
      value_field: "{{slug}}",
      display_fields: ["{{name}}"],
      search_fields: ["name"],
      hint: "Vacío: firma la empresa",
    },
  },
});

/** The case studies: shown once there is one, with a list and a page each (app/pages.ts). */
export const caseStudies = defineCollection({
  kind: "folder",
  name: "caseStudies",
  label: "Casos de cliente",
  folder: "content/case-studies",
  schema: caseStudySchema,
  translated: [
    "title",
    "description",
    "slug",
    "client",
    "challenge",
    "approach",
    "result",
    "figures",
    "quote",
    "quoteSource",
  ],
  markdown: ["challenge", "approach", "result"],
  widgets: { quote: { widget: "text" } },
  site: {
    list: "caseStudies",
    entry: { id: "case-study", module: "routes/case-study.tsx" },
    own: true,
  },
});

/** The people: on the about page, on the contact page (who answers) and as articles' bylines. */
export const people = defineCollection({
  kind: "folder",
  name: "people",
  label: "Personas",
  folder: "content/people",
  schema: personSchema,
  translated: ["role"],
  body: "Biografía breve",
  widgets: { photo: { widget: "image" } },
  identifier: "name",
});

/**
 * The legal texts: Markdown with the company's facts as {{placeholders}}. Every language can
 * be written; the build publishes the ones that have a file, and the others show the Spanish.
 */
export const legalTexts = defineCollection({
  kind: "pages",
  name: "legal",
  label: "Textos legales",
  folder: "content/legal",
  pages: legalFolders,
  body: "Texto",
});

/**
 * What visitors ask about each page or section, per language: alternative phrasings and their
 * words for the site's (chatbot for asistente). /ask's index is built with them.
 */
export const askTopics = defineCollection({
  kind: "folder",
  name: "ask",
  label: "Preguntas de los visitantes",
  folder: "content/ask",
  schema: askTopicSchema,
  translated: ["page", "section", "questions", "words"],
  identifier: "topic",
});

const file = (name: string, label: string, schema: z.ZodType) =>
  defineCollection({ kind: "file", name, label, file: `content/${name}.json`, schema });

/** The company's facts, the services, the booking rules and the languages: one file each. */
const company = file("company", "Empresa", companySchema);
const services = file("services", "Servicios", servicesSchema);
const booking = file("booking", "Reservas de llamadas", bookingSchema);
const languages = file("languages", "Idiomas", languageFile);
/** The words visitors use alike, for /ask (its topics' words are per page: askTopics). */
export const askWords = file("ask-words", "Sinónimos de los visitantes", askWordsSchema);

/** Every collection, in the editor's order (the page texts come first there, from the catalogues). */
export const contentCollections: readonly Collection[] = [
  articles,
  caseStudies,
  people,
  legalTexts,
  askTopics,
  company,
  services,
  booking,
  languages,
  askWords,
];
