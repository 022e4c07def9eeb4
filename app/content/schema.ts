// The shapes of the content files the owner edits (content/*.json): the build and the server
// check them at start (app/content/check.server.ts), and the code reads their types from here.
import { z } from "zod";

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
        .array(z.enum(["fixedPrice", "timeAndMaterials", "retainer"]))
        .min(1)
        .meta({
          title: "Formas de trabajar",
          description: "Precio cerrado, por horas, cuota mensual",
        }),
    })
    .meta({ title: "Cómo trabaja" }),
  /** The people shown on the about page; the team section stays hidden while it is empty. */
  team: z
    .array(
      z.strictObject({
        name: text.meta({ title: "Nombre" }),
        /** Job title, as the person wants it shown (not translated). */
        role: text.meta({ title: "Cargo" }),
        /** Path of a square photo under public/, when the person agrees to show one. */
        photo: z.string().optional().meta({ title: "Foto (ruta)" }),
      }),
    )
    .meta({ title: "Equipo" }),
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
