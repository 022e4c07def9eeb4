import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { cmsConfig, type EditorBackend } from "#app/admin/cms-config.server.ts";
import { languages } from "#app/config/site.ts";
import { caseStudySchema, companySchema, personSchema } from "#app/content/schema.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { keysOf } from "#app/i18n/catalogue-keys.ts";

const github: EditorBackend = { CMS_BACKEND: "github", CMS_REPO: "isla/web", CMS_BRANCH: "main" };
const config = cmsConfig({ backend: github, languages, spanish: catalogue("es") });

type Field = {
  name: string;
  widget: string;
  fields?: Field[];
  hint?: string;
  i18n?: unknown;
  pattern?: [string, string];
};

/** Every leaf field's dotted path (`home.hero.title`). */
const leafPaths = (fields: Field[], prefix = ""): string[] =>
  fields.flatMap((field) =>
    field.widget === "object" && field.fields
      ? leafPaths(field.fields, `${prefix}${field.name}.`)
      : [`${prefix}${field.name}`],
  );

describe("the editor's configuration", () => {
  it("is valid for the editor: it passes the JSON schema its package ships", () => {
    // Not among the package's exports: read beside its entry point (npm/index.js).
    const entry = createRequire(import.meta.url).resolve("@sveltia/cms");
    const schema = JSON.parse(
      readFileSync(path.join(path.dirname(entry), "../schema/sveltia-cms.json"), "utf8"),
    );
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema refuses what it does not know: a check that can fail.
    expect(validate({ ...config, colour: "blue" })).toBe(false);
  });

  it("has a field for every catalogue key, in every language, with the Spanish text as hint", () => {
    const texts = config.collections.find((collection) => collection.name === "texts");
    const fields = (texts?.files?.[0]?.fields ?? []) as Field[];
    expect(leafPaths(fields).sort()).toEqual(keysOf(catalogue("es")).sort());
    expect(config.i18n.locales).toEqual(languages);
    const title = fields.find((field) => field.name === "home")?.fields;
    const hero = title?.find((field) => field.name === "hero")?.fields;
    expect(hero?.find((field) => field.name === "title")).toMatchObject({
      i18n: true,
      hint: catalogue("es").home.hero.title,
    });
  });

  it("edits the company's facts, the services and the languages field by field", () => {
    const site = config.collections.find((collection) => collection.name === "site");
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
    ]);
  });

  it("edits every legal text where the build reads it", () => {
    const legal = config.collections.find((collection) => collection.name === "legal");
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
    const insights = config.collections.find((collection) => collection.name === "insights");
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
    const site = config.collections.find((collection) => collection.name === "site");
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
