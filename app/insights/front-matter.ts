import { z } from "zod";
import { parseMatter } from "#app/content/parse-matter.ts";
import { services } from "#app/content/service-list.ts";
import { typographicApostrophes } from "#app/text/typography.ts";

const isoDate = z.iso.date("a date written YYYY-MM-DD");

/**
 * Text shown in pages and written into the Atom feed: control characters (other than tab
 * and line breaks) and lone surrogates cannot appear in XML at all, escaped or not. Its
 * apostrophes are made typographic, as in the article's body.
 */
const shown = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .regex(/^(?:[^\p{Cc}\p{Cs}\uFFFE\uFFFF]|[\t\n\r])*$/u, "must not hold control characters")
    .transform(typographicApostrophes);

/** What an article's front matter may and must say; any other field is a mistake. */
export const frontMatterSchema = z
  .strictObject({
    title: shown(10, 120).meta({ title: "Título", description: "De 10 a 120 caracteres" }),
    /** The summary under the title, in the list, in search results and in the feed. */
    description: shown(50, 240).meta({
      title: "Resumen",
      description:
        "Bajo el título, en la lista, en los buscadores y en el canal; de 50 a 240 caracteres",
    }),
    /** The URL segment in this language: `/en/insights/<slug>`. */
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case letters and digits joined by hyphens")
      .meta({
        title: "Dirección (slug)",
        description: "La última parte de la dirección, en minúsculas-con-guiones",
      }),
    date: isoDate.meta({ title: "Fecha de publicación" }),
    // The content editor writes an emptied date as "".
    updated: z
      .union([z.literal(""), isoDate])
      .optional()
      .transform((date) => date || undefined)
      .meta({ title: "Fecha de actualización", description: "Vacío si no se ha actualizado" }),
    tags: z
      .array(shown(2, 40))
      .min(1)
      .max(6)
      .meta({ title: "Etiquetas", description: "De 1 a 6, una en cada casilla" }),
    /** Ids from app/content/service-list.ts, linked under the article. */
    services: z
      .array(z.enum(services.map((service) => service.id)))
      .default([])
      .meta({ title: "Servicios", description: "Enlazados bajo el artículo" }),
    draft: z
      .boolean()
      .default(false)
      .meta({ title: "Borrador", description: "Un borrador no se publica" }),
    /** Who wrote it: a person's folder under content/people (the byline); else the company. */
    author: z
      .union([
        z.literal(""),
        z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a person's folder name"),
      ])
      .optional()
      .transform((key) => key || undefined)
      .meta({ title: "Autor" }),
  })
  .refine((matter) => !matter.updated || matter.updated >= matter.date, {
    path: ["updated"],
    message: "must not be earlier than date",
  });

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** Validates front matter; the error names the file and every wrong field. */
export const parseFrontMatter = (file: string, data: unknown): FrontMatter =>
  parseMatter(frontMatterSchema, file, data);
