// The shapes of the content files the owner edits (content/*.json): the build and the server
// check them at start (app/content/check.server.ts), and the code reads their types from here.
import { z } from "zod";
import { services } from "#app/content/service-list.ts";

/**
 * Facts that read like real ones even in the shipped example, so the go-live check cannot
 * tell them from the company's own: it lists each one until `confirmedFacts` names it.
 */
export const confirmableFacts = [
  "name",
  "address.postalCode",
  "inRegion",
  "brands",
  "brandsRelation",
  "spokenLanguages",
  "practice",
] as const;
export type ConfirmableFact = (typeof confirmableFacts)[number];

const text = z.string().trim().min(1, "must not be empty");

/** The ways the company can be engaged (`practice.engagementModels` lists the ones it offers). */
const engagementModelIds = ["fixedPrice", "timeAndMaterials", "retainer"] as const;
export type EngagementModel = (typeof engagementModelIds)[number];
const engagementLabels: Record<EngagementModel, string> = {
  fixedPrice: "Precio cerrado",
  timeAndMaterials: "Por horas",
  retainer: "Cuota mensual",
};
const engagementTerms = z.strictObject({
  /** Euros: per project (fixed price), per hour (time and materials) or per month (retainer). */
  priceFrom: z.number().int().nonnegative().meta({
    title: "Precio desde (€)",
    description: "Por proyecto, por hora o al mes según la forma; 0: no se indica",
  }),
  typicalWeeks: z.number().int().nonnegative().meta({
    title: "Duración habitual (semanas)",
    description: "0: no se indica",
  }),
});

/** content/company.json: everything the site says about the company. */
export const companySchema = z.strictObject({
  /** Short name shown in the logo, titles and the footer. */
  name: text.meta({ title: "Nombre corto", description: "En el logotipo, los títulos y el pie" }),
  /** Registered legal name (legal notice, privacy policy). */
  legalName: text.meta({
    title: "Razón social",
    description: "Aviso legal y política de privacidad",
  }),
  /** NIF / tax identification number. */
  taxId: text.meta({ title: "NIF" }),
  /** Commercial registry entry, as printed on the company's documents. */
  registry: text.meta({
    title: "Datos registrales",
    description: "Tal como figuran en los documentos de la empresa",
  }),
  /** Registered office. */
  address: z
    .strictObject({
      street: text.meta({ title: "Calle y número" }),
      postalCode: text.meta({ title: "Código postal" }),
      locality: text.meta({ title: "Localidad" }),
      region: text.meta({ title: "Provincia o comunidad" }),
      /** ISO 3166-1 alpha-2 code; the country's name is rendered per language. */
      countryCode: z
        .string()
        .regex(/^[A-Z]{2}$/, "must be a two-letter country code such as ES")
        .meta({ title: "País (código de dos letras)", description: "ES para España" }),
    })
    .meta({ title: "Domicilio social" }),
  /** The place the company names as its base (hero label, contact page). */
  area: text.meta({
    title: "Zona",
    description: "El lugar que la empresa nombra como su base (portada, contacto)",
  }),
  email: z.email("must be an e-mail address").meta({ title: "Correo electrónico" }),
  /** Professional-network profile, opened in a new tab from the contact page. */
  linkedinUrl: z
    .url({ protocol: /^https$/, error: "must be an https:// address" })
    .meta({ title: "Perfil de LinkedIn" }),
  brands: z
    .strictObject({
      /** The agile development brand. */
      lab: text.meta({ title: "Marca de desarrollo" }),
      /** The software architecture and consultancy brand. */
      consultancy: text.meta({ title: "Marca de consultoría" }),
    })
    .meta({ title: "Marcas" }),
  /**
   * What the brands are in law: trade names the company itself trades under, or separate
   * companies it works with. The brands page states it and the legal notice follows it.
   */
  brandsRelation: z.enum(["tradeNames", "separateCompanies"]).meta({
    title: "Qué son las marcas",
    description:
      "tradeNames: nombres comerciales de la empresa; separateCompanies: sociedades independientes",
  }),
  /** Languages the company works in with clients (BCP 47 codes; about page). */
  spokenLanguages: z
    .array(z.string().regex(/^[a-z]{2,3}$/, "must be a language code such as es"))
    .min(1)
    .meta({ title: "Idiomas en que trabaja", description: "Códigos: es, ca, en, de…" }),
  /** The `confirmableFacts` the company has checked; the go-live check lists the others. */
  confirmedFacts: z.array(z.enum(confirmableFacts)).meta({
    title: "Datos comprobados",
    description: "Los que la empresa ha revisado; la comprobación de salida lista los demás",
  }),
  /** Facts the legal notice and the privacy policy state. */
  legal: z
    .strictObject({
      /** Date the legal pages were last revised. */
      lastUpdated: z.iso
        .date("must be a date written YYYY-MM-DD")
        .meta({ title: "Última revisión de los textos legales" }),
      /** Days a contact message is kept; the server deletes older ones and the privacy policy says so. */
      contactRetentionDays: z
        .number()
        .int()
        .positive()
        .meta({ title: "Días que se guarda un mensaje" }),
      /** Days each database backup is kept before it is deleted (README, privacy policy). */
      backupRetentionDays: z
        .number()
        .int()
        .positive()
        .meta({ title: "Días que se guarda una copia de seguridad" }),
      /** Processors that handle personal data for the company, named as they are in every language. */
      hostingProvider: text.meta({ title: "Proveedor de alojamiento" }),
      emailProvider: text.meta({ title: "Proveedor de correo" }),
      /** Transfers of personal data outside the EEA, with their safeguard; empty when there are none. */
      internationalTransfers: z.string().meta({
        title: "Transferencias internacionales",
        description: "Vacío si no hay ninguna",
      }),
    })
    .meta({ title: "Datos legales" }),
  /** How the company works with clients (about page's key facts, contact page, FAQ). */
  practice: z
    .strictObject({
      replyWithinBusinessDays: z
        .number()
        .int()
        .positive()
        .meta({ title: "Días laborables para responder" }),
      /** How the company bills work; each has its label in `about.facts.models.<id>`. */
      engagementModels: z
        .array(z.enum(engagementModelIds))
        .min(1)
        .meta({
          title: "Formas de trabajar",
          description: "Precio cerrado, por horas, cuota mensual",
        }),
      /**
       * What the company states about each way of working: a starting price and a usual
       * duration. 0 means "not stated": the services page then shows none, and the go-live
       * check lists it. Texts (what it is for, what the client gets, how it starts) are
       * `engagement.models.<id>` in the catalogues.
       */
      engagementTerms: z
        .strictObject(
          Object.fromEntries(
            engagementModelIds.map((id) => [id, engagementTerms.meta({ title: engagementLabels[id] })]),
          ) as Record<EngagementModel, typeof engagementTerms>,
        )
        .meta({
          title: "Precios y plazos de cada forma de trabajar",
          description: "0: no se indica en la web",
        }),
    })
    .meta({ title: "Cómo trabaja" }),
});
export type Company = z.infer<typeof companySchema>;

/** content/services.json: the services in the order the site presents them. */
export const servicesSchema = z.strictObject({
  services: z
    .array(
      z.strictObject({
        /** Its texts are `services.items.<id>` in the catalogues. */
        id: z
          .string()
          .regex(/^[a-z][a-zA-Z0-9]*$/, "must be a key such as consulting")
          .meta({ title: "Clave", description: "Sus textos están en services.items.<clave>" }),
        icon: text.meta({ title: "Emoji" }),
        /** The brand that delivers it (`brands` in content/company.json). */
        brand: z.enum(["lab", "consultancy"]).meta({ title: "Marca que lo presta" }),
        /** Shown on the home page too. */
        featured: z.boolean().meta({ title: "En la portada" }),
      }),
    )
    .min(1)
    .refine((list) => new Set(list.map((service) => service.id)).size === list.length, {
      error: "lists a service twice",
    })
    .meta({ title: "Servicios", description: "En el orden en que la web los presenta" }),
});

/** The content editor writes an emptied optional text as "": read as absent. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z
    .union([z.literal(""), schema])
    .optional()
    .transform((value) => (value === "" ? undefined : value));

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case letters and digits joined by hyphens");

/**
 * A person's front matter (content/people/<key>/index.<lang>.md, the short bio below it):
 * shown on the about page, on the contact page when they answer messages, and as the byline
 * of the articles that name them (`author: <key>`). Only people who agreed to be shown.
 */
export const personSchema = z.strictObject({
  name: text.meta({ title: "Nombre" }),
  /** Written per language, as the person wants it shown. */
  role: text.meta({ title: "Cargo", description: "Como la persona quiere que se muestre" }),
  /** A square photo beside the texts, only with the person's consent. */
  photo: optional(text).meta({
    title: "Foto",
    description: "Cuadrada; solo con el consentimiento de la persona",
  }),
  /** Their professional profile (LinkedIn or similar). */
  profile: optional(
    z.url({ protocol: /^https$/, error: "must be an https:// address" }),
  ).meta({ title: "Perfil profesional (enlace https://)" }),
  /** Named on the contact page as one of the people who answer messages. */
  answersMessages: z
    .boolean()
    .default(false)
    .meta({ title: "Responde los mensajes", description: "Aparece en la página de contacto" }),
  /** Lower first; the same order on every page. */
  order: z.number().int().default(0).meta({ title: "Orden", description: "Menor primero" }),
});

/**
 * A case study's front matter (content/case-studies/<key>/index.<lang>.md): only what the
 * company and its client state, each in their words; figures and quote only when they are
 * theirs to publish.
 */
export const caseStudySchema = z.strictObject({
  title: text.meta({ title: "Título" }),
  /** The summary in the list, in search results and under the title. */
  description: text.meta({ title: "Resumen", description: "En la lista y en los buscadores" }),
  /** The URL segment in this language: `/en/case-studies/<slug>`. */
  slug: slug.meta({ title: "Dirección (slug)", description: "minúsculas-con-guiones" }),
  /** The client's name, or its sector when the client is not named. */
  client: text.meta({ title: "Cliente o sector" }),
  date: z.iso.date("must be a date written YYYY-MM-DD").meta({ title: "Fecha (AAAA-MM-DD)" }),
  challenge: text.meta({ title: "El reto" }),
  approach: text.meta({ title: "Cómo lo abordamos" }),
  result: text.meta({ title: "El resultado" }),
  /** Ids from content/services.json, linked from the page. */
  services: z
    .array(z.enum(services.map((service) => service.id)))
    .default([])
    .meta({ title: "Servicios" }),
  /** Figures the client agreed to publish: "−40 %" and what it measures. */
  figures: z
    .array(
      z.strictObject({
        value: text.meta({ title: "Cifra" }),
        label: text.meta({ title: "Qué mide" }),
      }),
    )
    .max(4)
    .default([])
    .meta({ title: "Cifras", description: "Solo las que el cliente publica" }),
  /** A quote of the client's, with its consent. */
  quote: optional(text).meta({ title: "Cita del cliente", description: "Con su consentimiento" }),
  /** Who said it: name and role, or as the client wants it signed. */
  quoteSource: optional(text).meta({ title: "Quién lo dice" }),
  draft: z.boolean().default(false).meta({ title: "Borrador" }),
});
export type CaseStudyMatter = z.output<typeof caseStudySchema>;
/** A time of day, `HH:MM` on the 24-hour clock. */
const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time such as 09:30")
  .meta({ title: "Hora (HH:MM)" });

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/**
 * content/booking.json: when a visitor may book a call. The free slots are these hours minus
 * the busy times of the company's calendar (BOOKING_CALENDAR_URL) and the calls already booked.
 */
export const bookingSchema = z.strictObject({
  /** The hours a call may take place, per weekday, in the company's time zone. */
  workingHours: z
    .array(
      z
        .strictObject({
          day: z.enum(weekdays).meta({ title: "Día", description: "mon, tue, wed, thu, fri, sat, sun" }),
          from: clock,
          to: clock,
        })
        .refine((hours) => hours.from < hours.to, { path: ["to"], error: "must be after from" }),
    )
    .meta({ title: "Horario", description: "Franjas en que se puede reservar, por día" }),
  meetingMinutes: z
    .number()
    .int()
    .min(10)
    .max(240)
    .meta({ title: "Duración de la llamada (minutos)" }),
  bufferMinutes: z
    .number()
    .int()
    .min(0)
    .max(120)
    .meta({ title: "Margen libre antes y después de cada cita (minutos)" }),
  minimumNoticeHours: z
    .number()
    .int()
    .min(0)
    .meta({ title: "Antelación mínima (horas)" }),
  daysAhead: z
    .number()
    .int()
    .min(1)
    .max(90)
    .meta({ title: "Días que se ofrecen por adelantado" }),
  /** Days off in the company's time zone, YYYY-MM-DD. */
  holidays: z
    .array(z.iso.date("must be a date written YYYY-MM-DD"))
    .meta({ title: "Festivos", description: "Fechas sin citas (AAAA-MM-DD)" }),
});
export type BookingRules = z.infer<typeof bookingSchema>;

/**
 * What visitors ask about one page or section, in their words (content/ask/<key>/index.<lang>.md):
 * /ask's index adds them to that passage at build time (scripts/build-ask-index.ts), so a
 * question worded as the owner wrote it, or with one of the words, lands there.
 */
export const askTopicSchema = z.strictObject({
  topic: text.meta({ title: "Tema", description: "Para encontrarlo en esta lista; no se publica" }),
  page: z
    .string()
    .regex(/^\/[a-z0-9/-]*$/, "a page's address on this site, such as /services or /en/about")
    .meta({
      title: "Página",
      description: "Su dirección en la web, como /services o /en/services (sin el dominio)",
    }),
  section: optional(text).meta({
    title: "Sección",
    description:
      "Su título tal como se ve en la página; vacío: la página entera (lo que hace la página)",
  }),
  questions: z
    .array(text)
    .default([])
    .meta({ title: "Preguntas que responde", description: "Como las escribiría un visitante" }),
  words: z.array(text).default([]).meta({
    title: "Palabras de los visitantes",
    description: "Sinónimos y palabras que usan en vez de las de la web (chatbot, blog…)",
  }),
});

/** One language's groups of words a visitor uses alike: each line "chatbot, asistente, bot". */
const wordGroups = (language: string) =>
  z
    .array(text)
    .default([])
    .meta({
      title: `Sinónimos en ${language}`,
      description:
        "Una línea por grupo: palabras sueltas que un visitante usa por igual, separadas por comas (chatbot, asistente, bot)",
    });

/**
 * content/ask-words.json: the words visitors use alike, per language, for every page at once
 * (the words of one page or section go in its topic, content/ask). /ask's index keeps them and
 * a question's word also finds the other words of its group.
 */
export const askWordsSchema = z.strictObject({
  es: wordGroups("español"),
  en: wordGroups("inglés"),
  ca: wordGroups("catalán"),
  de: wordGroups("alemán"),
});
