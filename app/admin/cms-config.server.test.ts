import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cmsConfig, type EditorBackend } from "#app/admin/cms-config.server.ts";
import { languages } from "#app/config/site.ts";
import {
  bookingSchema,
  caseStudySchema,
  companySchema,
  personSchema,
} from "#app/content/schema.ts";
import textLabels from "#app/admin/text-labels.json" with { type: "json" };
import { catalogue, catalogueParts } from "#app/i18n/catalogues.server.ts";
import { keysOf } from "#app/i18n/catalogue-keys.ts";
import { validateEditorConfig } from "#tests/support/editor-config-schema.ts";

const github: EditorBackend = { CMS_BACKEND: "github", CMS_REPO: "isla/web", CMS_BRANCH: "main" };
const config = cmsConfig({ backend: github, languages, spanish: catalogue("es") });

type Field = {
  name: string;
  label: string;
  widget: string;
  fields?: Field[];
  hint?: string;
  i18n?: unknown;
  pattern?: [string, string];
};

/** One collection of the editor's configuration, as the tests read it. */
type EditorCollection = {
  name: string;
  label: string;
  folder?: string;
  path?: string;
  fields?: Field[];
  files?: { name: string; label: string; file: string; fields: Field[] }[];
};
const editorCollection = (made: { collections: unknown[] }, name: string) =>
  (made.collections as EditorCollection[]).find((collection) => collection.name === name);

/** Every leaf field's dotted path (`home.hero.title`). */
const leafPaths = (fields: Field[], prefix = ""): string[] =>
  fields.flatMap((field) =>
    field.widget === "object" && field.fields
      ? leafPaths(field.fields, `${prefix}${field.name}.`)
      : [`${prefix}${field.name}`],
  );

describe("the editor's configuration", () => {
  it("is valid for the editor: it passes the JSON schema its package ships", () => {
    const validate = validateEditorConfig;
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema refuses what it does not know: a check that can fail.
    expect(validate({ ...config, colour: "blue" })).toBe(false);
  });

  const texts = editorCollection(config, "texts");
  const entries = (texts?.files ?? []) as {
    name: string;
    label: string;
    file: string;
    fields: Field[];
  }[];
  const spanish = catalogue("es") as unknown as Record<string, object>;

  it("edits the texts one page (one catalogue file) at a time, the four languages side by side", () => {
    expect(entries.map((entry) => entry.name).sort()).toEqual(catalogueParts("es"));
    expect(config.i18n.locales).toEqual(languages);
    for (const entry of entries) {
      expect(entry.file).toBe(`content/locales/{{locale}}/${entry.name}.json`);
      expect(leafPaths(entry.fields).sort(), entry.name).toEqual(
        keysOf(spanish[entry.name] ?? {}).sort(),
      );
    }
    // The home page first, as the owner looks for it, in Spanish, saying where it shows.
    expect(entries[0]).toMatchObject({ name: "home", label: "Portada — La página de inicio (/)" });
    const hero = entries[0]?.fields.find((field) => field.name === "hero")?.fields;
    expect(hero?.find((field) => field.name === "title")).toMatchObject({
      label: "Título",
      i18n: true,
      hint: catalogue("es").home.hero.title,
    });
  });

  it("labels every page's every text in Spanish, from app/admin/text-labels.json", () => {
    const labelsOf = (fields: Field[], prefix: string): [string, string][] =>
      fields.flatMap((field) => [
        [`${prefix}.${field.name}`, field.label] as [string, string],
        ...labelsOf(field.fields ?? [], `${prefix}.${field.name}`),
      ]);
    const labels = entries.flatMap((entry) => labelsOf(entry.fields, entry.name));
    expect(labels.length).toBeGreaterThan(keysOf(spanish).length);
    // Every label comes from the labels file: none is the key spelt out ("Skip to content").
    const { words, keys } = textLabels as {
      words: Record<string, string>;
      keys: Record<string, string>;
    };
    const spanishLabels = new Set([...Object.values(words), ...Object.values(keys)]);
    // Every file has its Spanish name and says where its texts show (the owner's panel too).
    const { parts } = textLabels as { parts: Record<string, { label: string; hint: string }> };
    for (const part of catalogueParts("es")) expect(parts, part).toHaveProperty(part);
    expect(entries.find((entry) => entry.name === "ask")?.label).toMatch(/^Pregúntanos — .*\/ask/);
    for (const [key, label] of labels)
      expect(
        spanishLabels.has(label.replace(/ \((cuando es uno|cuando son varios)\)$/, "")),
        `${key}: ${label}`,
      ).toBe(true);
    expect(labels).toContainEqual([
      "nav.skipToContent",
      "Saltar al contenido (teclado y lectores de pantalla)",
    ]);
    expect(labels).toContainEqual(["panel.cli.errors.unknownCommand", "Comando desconocido"]);
    expect(labels).toContainEqual([
      "services.lead_one",
      "Entradilla (bajo el título) (cuando es uno)",
    ]);
  });

  it("gives a new catalogue file an entry of its own, labelled from its keys until it has labels", () => {
    const withNewsletter = cmsConfig({
      backend: github,
      languages,
      spanish: { ...spanish, newsletter: { signUp: { title: "Suscríbete" } } },
    });
    const files = (editorCollection(withNewsletter, "texts")?.files ?? []) as {
      name: string;
      label: string;
      file: string;
      fields: Field[];
    }[];
    const newsletter = files.find((file) => file.name === "newsletter");
    expect(newsletter).toMatchObject({
      label: "Newsletter",
      file: "content/locales/{{locale}}/newsletter.json",
    });
    expect(newsletter?.fields[0]).toMatchObject({
      label: "Sign up",
      fields: [{ label: "Título" }],
    });
  });

  it("edits the company's facts, the services and the languages field by field", () => {
    const site = editorCollection(config, "site");
    const company = site?.files?.find((file) => file.name === "company");
    const names = ((company?.fields ?? []) as Field[]).map((field) => field.name);
    expect(names).toEqual(Object.keys(JSON.parse(readFileSync("content/company.json", "utf8"))));
    // The engagement models' prices and durations, one number field each.
    expect(leafPaths((company?.fields ?? []) as Field[])).toEqual(
      expect.arrayContaining(
        ["fixedPrice", "timeAndMaterials", "retainer"].flatMap((model) => [
          `practice.engagementTerms.${model}.priceFrom`,
          `practice.engagementTerms.${model}.typicalWeeks`,
        ]),
      ),
    );
    expect(site?.files?.map((file) => file.file)).toEqual([
      "content/company.json",
      "content/services.json",
      "content/booking.json",
      "content/languages.json",
      "content/ask-words.json",
    ]);
  });

  it("edits every legal text where the build reads it", () => {
    const legal = editorCollection(config, "legal");
    const files = (legal?.files ?? []).map((file) => file.file);
    const folders = readdirSync("content/legal");
    expect(files).toHaveLength(folders.length);
    for (const file of files) {
      const folder = file?.split("/")[2] ?? "";
      expect(folders).toContain(folder);
      for (const lang of readdirSync(`content/legal/${folder}`).map((name) => name.slice(0, -3))) {
        expect(file?.includes("{{locale}}") || lang === "es", `${folder}/${lang}`).toBe(true);
      }
    }
  });

  it("keeps each article in its folder: content/insights/<article>/index.<language>.md", () => {
    const insights = editorCollection(config, "insights");
    expect(insights).toMatchObject({ folder: "content/insights", path: "{{slug}}/index" });
  });

  it("edits the case studies and the people where the build reads them, field by field", () => {
    const collection = (name: string) =>
      config.collections.find((found) => found.name === name) as
        { folder?: string; path?: string; fields?: Field[] } | undefined;
    const caseStudies = collection("caseStudies");
    expect(caseStudies).toMatchObject({ folder: "content/case-studies", path: "{{slug}}/index" });
    expect(caseStudies?.fields?.map((field) => field.name)).toEqual(
      Object.keys(caseStudySchema.shape),
    );
    const people = collection("people");
    expect(people).toMatchObject({ folder: "content/people", path: "{{slug}}/index" });
    const fields = people?.fields ?? [];
    expect(fields.map((field) => field.name)).toEqual([...Object.keys(personSchema.shape), "body"]);
    expect(fields.find((field) => field.name === "role")?.i18n).toBe(true);
    expect(fields.find((field) => field.name === "name")?.i18n).toBe("duplicate");
    expect(fields.find((field) => field.name === "photo")?.widget).toBe("image");
    // Photos are uploaded beside the texts; no stock-photo service is offered (a third party).
    expect(config.media_libraries).toEqual({ stock_assets: { providers: [] } });
    // An article names its author among the people.
    const author = collection("insights")?.fields?.find((field) => field.name === "author");
    expect(author).toMatchObject({ widget: "relation", collection: "people" });
  });

  it("checks a text as the build does before it saves it, and names new folders in ASCII", () => {
    const site = editorCollection(config, "site");
    const company = (site?.files?.find((file) => file.name === "company")?.fields ?? []) as Field[];
    const field = (name: string) => company.find((found) => found.name === name);
    const accepts = (name: string, value: string) =>
      new RegExp(field(name)?.pattern?.[0] ?? "(?!)", "u").test(value);
    // The editor's verdict is the build's, on what an owner might type.
    for (const email of [
      "hola@isladigital.es",
      "hola@@isladigital",
      "hola@isladigital",
      "a b@c.es",
    ]) {
      expect(accepts("email", email), email).toBe(
        companySchema.shape.email.safeParse(email).success,
      );
    }
    for (const url of [
      "https://www.linkedin.com/company/isla",
      "http://linkedin.com",
      "linkedin",
    ]) {
      expect(accepts("linkedinUrl", url), url).toBe(
        companySchema.shape.linkedinUrl.safeParse(url).success,
      );
    }
    expect(field("email")?.pattern?.[1]).toBe("Escriba un correo como nombre@empresa.es");
    // An optional address (a person's profile) is checked too when it is written.
    const people = editorCollection(config, "people") as { fields?: Field[] } | undefined;
    const profile = people?.fields?.find((found) => found.name === "profile");
    expect(profile).toMatchObject({ required: false, widget: "string" });
    for (const url of ["https://www.linkedin.com/in/ana", "linkedin.com/in/ana", "http://x.es"])
      expect(new RegExp(profile?.pattern?.[0] ?? "(?!)", "u").test(url), url).toBe(
        personSchema.shape.profile.safeParse(url).success,
      );
    // Each day off, one by one, as the build reads it.
    const booking = editorCollection(config, "site")?.files?.find(
      (file) => file.name === "booking",
    );
    const holidays = booking?.fields.find((found) => found.name === "holidays") as
      { field?: Field } | undefined;
    for (const day of ["2026-12-25", "25/12/2026", "2026-02-30"])
      expect(new RegExp(holidays?.field?.pattern?.[0] ?? "(?!)", "u").test(day), day).toBe(
        bookingSchema.shape.holidays.element.safeParse(day).success,
      );
    // "Cinco señales…" is saved to cinco-senales-…/, a folder name the build takes.
    expect(config.slug).toEqual({ encoding: "ascii", clean_accents: true });
  });

  it("saves to the host the settings name, or only in the browser for a trial", () => {
    expect(config.backend).toMatchObject({ name: "github", repo: "isla/web", branch: "main" });
    const trial = cmsConfig({
      backend: { CMS_BACKEND: "test-repo", CMS_BRANCH: "main" },
      languages,
      spanish: catalogue("es"),
    });
    expect(trial.backend).toEqual({ name: "test-repo" });
  });
});
