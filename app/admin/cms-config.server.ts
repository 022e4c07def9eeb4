// The configuration of the content editor at /admin (Sveltia CMS), made from the same
// definitions the build and the checks use (app/content/definitions.server.ts: each
// collection's files and zod shape) and from the catalogues, so the editor and the build
// cannot disagree on a field.
import { z } from "zod";
import type { Settings } from "#app/config/settings.server.ts";
import type { Language } from "#app/config/site.ts";
import {
  contentCollections,
  type Collection,
  type FolderCollection,
} from "#app/content/definitions.server.ts";
import textLabels from "#app/admin/text-labels.json" with { type: "json" };

/** A field of the editor's form (Sveltia's `fields` entries). */
type Field = { name: string; label: string; widget: string; [option: string]: unknown };

type JsonSchema = {
  type?: string;
  title?: string;
  description?: string;
  format?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  const?: unknown;
  anyOf?: JsonSchema[];
};

/** `ctaContact` → "Cta contact": the key as words, for fields whose shape has no title. */
const words = (key: string) => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** The editor's field for one property of a JSON schema (made by zod from our shapes). */
function schemaField(name: string, schema: JsonSchema, required: boolean): Field {
  // An optional text the editor writes as "" when emptied (`"" | <text>`): the text's own
  // field and checks, which an empty field skips.
  const [empty, text, ...more] = schema.anyOf ?? [];
  if (empty?.const === "" && text && more.length === 0) {
    return {
      ...schemaField(
        name,
        { ...text, title: schema.title, description: schema.description },
        false,
      ),
      required: false,
    };
  }
  // The editor takes an empty text or list for a missing one: it may be empty only when the
  // shape allows it (the company's transfers, its team, its confirmed facts).
  const mayBeEmpty =
    (schema.type === "string" &&
      !schema.minLength &&
      !schema.format &&
      !schema.enum &&
      !schema.pattern) ||
    (schema.type === "array" && !schema.minItems);
  const base = {
    name,
    label: schema.title ?? words(name),
    ...(schema.description ? { hint: schema.description } : {}),
    required: required && !mayBeEmpty,
  };
  if (schema.enum) return { ...base, widget: "select", options: schema.enum };
  switch (schema.type) {
    case "integer":
      return { ...base, widget: "number", value_type: "int" };
    case "number":
      return { ...base, widget: "number", value_type: "float" };
    case "boolean":
      return { ...base, widget: "boolean" };
    case "object":
      return { ...base, widget: "object", fields: schemaFields(schema) };
    case "array": {
      const items = schema.items ?? {};
      if (items.enum) return { ...base, widget: "select", multiple: true, options: items.enum };
      if (items.type === "object") return { ...base, widget: "list", fields: schemaFields(items) };
      // A list of texts checked one by one as the build checks them (the days off' dates).
      if (items.type === "string") {
        const field = { ...schemaField("item", items, true), label: base.label };
        return { ...base, widget: "list", field };
      }
      return { ...base, widget: "list" };
    }
    default:
      // Dates stay text as the files write them (YYYY-MM-DD), not a date picker's timestamp.
      return {
        ...base,
        widget: "string",
        ...(schema.format === "date"
          ? { hint: schema.description ? `${schema.description} (AAAA-MM-DD)` : "AAAA-MM-DD" }
          : {}),
        ...textChecks(schema),
      };
  }
}

/**
 * What the build checks of a text, checked by the editor before it saves: the shape's own
 * pattern (zod writes one for e-mails, dates and every `regex`), https for addresses, and
 * the lengths. The messages are the owner's, in Spanish.
 */
function textChecks(schema: JsonSchema) {
  const message =
    schema.format === "email"
      ? "Escriba un correo como nombre@empresa.es"
      : schema.format === "date"
        ? "Escriba la fecha como AAAA-MM-DD, por ejemplo 2026-11-27"
        : schema.format === "uri"
          ? "Escriba una dirección que empiece por https://"
          : `Formato no válido${schema.description ? `: ${schema.description}` : ""}`;
  // zod writes no pattern for a URL; the content's addresses are all https. The editor reads
  // a pattern without the `u` flag, so one made of Unicode classes (the shown texts' "no
  // control characters") is left to the build: nobody types those into a form.
  const pattern = schema.pattern ?? (schema.format === "uri" ? "^https://[^\\s]+$" : undefined);
  const readable = pattern && !/\\[pP]\{/.test(pattern);
  return {
    ...(readable ? { pattern: [pattern, message] } : {}),
    // One character is what "required" already asks.
    ...(schema.minLength && schema.minLength > 1 ? { minlength: schema.minLength } : {}),
    ...(schema.maxLength ? { maxlength: schema.maxLength } : {}),
  };
}

function schemaFields(schema: JsonSchema): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    schemaField(name, property, required.has(name)),
  );
}

const fieldsOf = (schema: z.ZodType) =>
  schemaFields(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);

type TextLabels = {
  /** Each catalogue file's entry in the editor: its name and where its texts show. */
  parts: Record<string, { label: string; hint: string }>;
  /** A key's segment in Spanish ("hero" → "Cabecera de la portada"), wherever it appears. */
  words: Record<string, string>;
  /** A label for one key ("home.services"), where the segment's word is not enough. */
  keys: Record<string, string>;
};
const labels = textLabels as TextLabels;

/**
 * A catalogue key's label for the owner, in Spanish: its own label, else its segment's word
 * (a plural's forms marked as such), else the segment as words (a key added since).
 */
function textLabel(key: string): string {
  const own = labels.keys[key];
  if (own) return own;
  const segment = key.slice(key.lastIndexOf(".") + 1);
  const [, base = segment, form] = /^(.+?)_(one|other)$/.exec(segment) ?? [];
  const word = labels.words[base] ?? words(base);
  return form === "one"
    ? `${word} (cuando es uno)`
    : form === "other"
      ? `${word} (cuando son varios)`
      : word;
}

/**
 * Every key of one part of the catalogue as a field, grouped as the catalogue groups them,
 * labelled in Spanish, with the Spanish text as its hint: the person translating sees what
 * the original says.
 */
function catalogueFields(messages: Record<string, unknown>, prefix: string): Field[] {
  return Object.entries(messages).map(([name, value]): Field => {
    const key = `${prefix}.${name}`;
    if (typeof value === "object" && value !== null) {
      return {
        name,
        label: textLabel(key),
        widget: "object",
        i18n: true,
        fields: catalogueFields(value as Record<string, unknown>, key),
      };
    }
    const text = String(value);
    return {
      name,
      label: textLabel(key),
      widget: text.length > 80 || text.includes("\n") ? "text" : "string",
      i18n: true,
      hint: text,
    };
  });
}

/**
 * The page texts, one entry per catalogue file (content/locales/<language>/<part>.json): the
 * parts the labels name first, in their order, then any other in name order, labelled from
 * its name until it has a label of its own.
 */
/** The languages' names in Spanish, for the editor's labels. */
const languageNames: Record<Language, string> = {
  es: "español",
  en: "inglés",
  ca: "catalán",
  de: "alemán",
};

/** A field as Decap CMS takes it outside a collection written per language: no `i18n` option. */
const withoutI18n = (field: Field): Field => {
  const kept = Object.fromEntries(
    Object.entries(field).filter(([option]) => option !== "i18n"),
  ) as Field;
  return Array.isArray(field["fields"])
    ? { ...kept, fields: (field["fields"] as Field[]).map(withoutI18n) }
    : kept;
};

/**
 * `lang`: the texts of one language, for Decap CMS (CMS_BACKEND=server), which writes a file
 * collection per language in one file only; one collection per language instead.
 */
function textEntries(spanish: Record<string, unknown>, lang?: Language) {
  const named = Object.keys(labels.parts).filter((part) => part in spanish);
  const others = Object.keys(spanish)
    .filter((part) => !(part in labels.parts))
    .sort();
  return [...named, ...others].map((part) => {
    const own = labels.parts[part];
    return {
      name: part,
      label: own ? `${own.label} — ${own.hint}` : words(part),
      file: `content/locales/${lang ?? "{{locale}}"}/${part}.json`,
      format: "json",
      ...(lang
        ? {
            fields: catalogueFields(spanish[part] as Record<string, unknown>, part).map(
              withoutI18n,
            ),
          }
        : { i18n: true, fields: catalogueFields(spanish[part] as Record<string, unknown>, part) }),
    };
  });
}

/** Fields written per language get `i18n: true`; the others are the same in every language. */
const perLanguage = (fields: Field[], translated: readonly string[]) =>
  fields.map((field) => ({ ...field, i18n: translated.includes(field.name) ? true : "duplicate" }));

/** The options only text inputs take (textChecks). */
const textOptions = ["pattern", "minlength", "maxlength"];

/**
 * A field replaced by another widget than its shape's (a photo, Markdown). Only text inputs
 * take a text's checks; the build still checks what the others write.
 */
const withWidget = (fields: Field[], widgets: Record<string, Record<string, unknown>>) =>
  fields.map((field) => {
    const widget = widgets[field.name];
    if (!widget) return field;
    const textInput = widget["widget"] === "string" || widget["widget"] === "text";
    const kept = Object.entries(field).filter(
      ([option]) => textInput || !textOptions.includes(option),
    );
    return { ...(Object.fromEntries(kept) as Field), ...widget };
  });

/** A collection of one folder per entry and one file per language, files beside the texts. */
function folderCollection(collection: FolderCollection) {
  const markdown = Object.fromEntries(
    (collection.markdown ?? []).map((field) => [field, { widget: "markdown" }]),
  );
  const fields = withWidget(perLanguage(fieldsOf(collection.schema), collection.translated), {
    ...markdown,
    ...collection.widgets,
  });
  return {
    name: collection.name,
    label: collection.label,
    folder: collection.folder,
    // <folder>/<entry>/index.<language>.md
    path: "{{slug}}/index",
    extension: "md",
    format: "yaml-frontmatter",
    create: true,
    i18n: true,
    // Its images sit beside its texts (an article's ![…](./figure.png), a person's photo).
    media_folder: "",
    public_folder: "",
    // A new entry's folder is named after its identifying field (the title, a person's name).
    ...(collection.identifier
      ? { identifier_field: collection.identifier, slug: `{{${collection.identifier}}}` }
      : {}),
    fields: [
      ...fields,
      ...(collection.body
        ? [{ name: "body", label: collection.body, widget: "markdown", i18n: true }]
        : []),
    ],
  };
}

/** Where the editor saves: the git host, or the browser only (the tests' `test-repo`). */
export type EditorBackend = Pick<
  Settings["admin"],
  "CMS_BACKEND" | "CMS_REPO" | "CMS_BRANCH" | "CMS_BASE_URL" | "CMS_API_ROOT" | "CMS_APP_ID"
>;

function backendConfig(settings: EditorBackend) {
  const {
    CMS_BACKEND: name,
    CMS_REPO,
    CMS_BRANCH,
    CMS_BASE_URL,
    CMS_API_ROOT,
    CMS_APP_ID,
  } = settings;
  const commitMessages = {
    create: "Contenido: crea {{collection}} «{{slug}}»",
    update: "Contenido: cambia {{collection}} «{{slug}}»",
    delete: "Contenido: borra {{collection}} «{{slug}}»",
    uploadMedia: "Contenido: sube «{{path}}»",
    deleteMedia: "Contenido: borra «{{path}}»",
  };
  if (name === "test-repo") return { name };
  // Decap CMS's proxy protocol, answered by this server (server/editor-backend.ts).
  if (name === "server") {
    return {
      name: "proxy",
      proxy_url: "/admin/api/v1", // server/methods.ts
      branch: CMS_BRANCH,
      commit_messages: commitMessages,
    };
  }
  return {
    name,
    repo: CMS_REPO,
    branch: CMS_BRANCH,
    ...(CMS_BASE_URL ? { base_url: CMS_BASE_URL } : {}),
    ...(CMS_API_ROOT ? { api_root: CMS_API_ROOT } : {}),
    ...(CMS_APP_ID ? { app_id: CMS_APP_ID, auth_type: "pkce" } : {}),
    commit_messages: {
      create: commitMessages.create,
      update: commitMessages.update,
      delete: commitMessages.delete,
    },
  };
}

/**
 * The editor's whole configuration for these languages (Spanish first) and catalogue: the
 * page texts, then the collections (app/content/definitions.server.ts).
 */
export function cmsConfig({
  backend,
  languages,
  spanish,
  collections = contentCollections,
}: {
  backend: EditorBackend;
  languages: readonly Language[];
  spanish: Record<string, unknown>;
  collections?: readonly Collection[];
}) {
  const [defaultLocale = "es"] = languages;
  // Decap CMS (this server's backend) reads the same shape, less Sveltia's own options; it
  // cannot name a file after its language (content/legal/<page>/<language>.md), so the legal
  // texts stay with the git hosts' editor.
  const decap = backend.CMS_BACKEND === "server";
  const legal = spanish["legal"] as Record<string, { meta: { title: string } } | undefined>;
  const editorCollection = (collection: Collection) => {
    switch (collection.kind) {
      case "folder":
        return folderCollection(collection);
      case "pages":
        if (decap) return undefined;
        return {
          name: collection.name,
          label: collection.label,
          i18n: true,
          // <folder>/<page>/<language>.md, titled as the catalogue titles the page.
          files: Object.entries(collection.pages).map(([page, folder]) => ({
            name: folder,
            label: legal[page]?.meta.title ?? folder,
            file: `${collection.folder}/${folder}/{{locale}}.md`,
            format: "frontmatter",
            i18n: true,
            fields: [{ name: "body", label: collection.body, widget: "markdown", i18n: true }],
          })),
        };
      case "file":
        return undefined;
    }
  };
  const files = collections.filter((collection) => collection.kind === "file");
  return {
    load_config_file: false,
    backend: backendConfig(backend),
    // No stock-photo services: the editor makes no request beyond the site and the git host.
    ...(decap ? {} : { media_libraries: { stock_assets: { providers: [] } } }),
    // An entry's folder is named after its title in plain ASCII ("Cinco señales…" →
    // cinco-senales-…), as the build requires of folder names.
    slug: { encoding: "ascii", clean_accents: true },
    media_folder: "public/images/uploads",
    public_folder: "/images/uploads",
    i18n: {
      structure: "multiple_files",
      locales: languages,
      default_locale: defaultLocale,
      // A new entry starts in Spanish; the owner adds the other languages when they are written.
      ...(decap ? {} : { initial_locales: "default" }),
    },
    collections: [
      ...(decap
        ? languages.map((lang) => ({
            name: `texts-${lang}`,
            label: `Textos de las páginas en ${languageNames[lang]}`,
            description:
              "Un apartado por página o parte de la web; bajo cada campo, el texto en español.",
            files: textEntries(spanish, lang),
          }))
        : [
            {
              name: "texts",
              label: "Textos de las páginas",
              description:
                "Un apartado por página o parte de la web; bajo cada campo, el texto en español.",
              i18n: true,
              files: textEntries(spanish),
            },
          ]),
      ...collections.flatMap((collection) => editorCollection(collection) ?? []),
      {
        // The one-file collections, together: the company's data.
        name: "site",
        label: "Datos de la empresa",
        files: files.map((collection) => ({
          name: collection.name,
          label: collection.label,
          file: collection.file,
          format: "json",
          fields: fieldsOf(collection.schema),
        })),
      },
    ],
  };
}
