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
  name: text,
  /** Registered legal name (legal notice, privacy policy). */
  legalName: text,
  /** NIF / tax identification number. */
  taxId: text,
  /** Commercial registry entry, as printed on the company's documents. */
  registry: text,
  /** Registered office. */
  address: z.strictObject({
    street: text,
    postalCode: text,
    locality: text,
    region: text,
    /** ISO 3166-1 alpha-2 code; the country's name is rendered per language. */
    countryCode: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code such as ES"),
  }),
  /** The place the company names as its base (hero label, contact page). */
  area: text,
  email: z.email("must be an e-mail address"),
  /** Professional-network profile, opened in a new tab from the contact page. */
  linkedinUrl: z.url({ protocol: /^https$/, error: "must be an https:// address" }),
  brands: z.strictObject({
    /** The agile development brand. */
    lab: text,
    /** The software architecture and consultancy brand. */
    consultancy: text,
  }),
  /**
   * What the brands are in law: trade names the company itself trades under, or separate
   * companies it works with. The brands page states it and the legal notice follows it.
   */
  brandsRelation: z.enum(["tradeNames", "separateCompanies"]),
  /** Languages the company works in with clients (BCP 47 codes; about page). */
  spokenLanguages: z
    .array(z.string().regex(/^[a-z]{2,3}$/, "must be a language code such as es"))
    .min(1),
  /** The `confirmableFacts` the company has checked; the go-live check lists the others. */
  confirmedFacts: z.array(z.enum(confirmableFacts)),
  /** Facts the legal notice and the privacy policy state. */
  legal: z.strictObject({
    /** Date the legal pages were last revised. */
    lastUpdated: z.iso.date("must be a date written YYYY-MM-DD"),
    /** Days a contact message is kept; the server deletes older ones and the privacy policy says so. */
    contactRetentionDays: z.number().int().positive(),
    /** Days each database backup is kept before it is deleted (README, privacy policy). */
    backupRetentionDays: z.number().int().positive(),
    /** Processors that handle personal data for the company, named as they are in every language. */
    hostingProvider: text,
    emailProvider: text,
    /** Transfers of personal data outside the EEA, with their safeguard; empty when there are none. */
    internationalTransfers: z.string(),
  }),
  /** How the company works with clients (about page's key facts, contact page, FAQ). */
  practice: z.strictObject({
    replyWithinBusinessDays: z.number().int().positive(),
    /** How the company bills work; each has its label in `about.facts.models.<id>`. */
    engagementModels: z.array(z.enum(["fixedPrice", "timeAndMaterials", "retainer"])).min(1),
  }),
  /** The people shown on the about page; the team section stays hidden while it is empty. */
  team: z.array(
    z.strictObject({
      name: text,
      /** Job title, as the person wants it shown (not translated). */
      role: text,
      /** Path of a square photo under public/, when the person agrees to show one. */
      photo: z.string().optional(),
    }),
  ),
});
export type Company = z.infer<typeof companySchema>;

/** content/services.json: the services in the order the site presents them. */
export const servicesSchema = z.strictObject({
  services: z
    .array(
      z.strictObject({
        /** Its texts are `services.items.<id>` in the catalogues. */
        id: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, "must be a key such as consulting"),
        icon: text,
        /** The brand that delivers it (`brands` in content/company.json). */
        brand: z.enum(["lab", "consultancy"]),
        /** Shown on the home page too. */
        featured: z.boolean(),
      }),
    )
    .min(1)
    .refine((list) => new Set(list.map((service) => service.id)).size === list.length, {
      error: "lists a service twice",
    }),
});
