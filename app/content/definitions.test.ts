// A collection added as the owner's site would grow one ("industries": the sectors the company
// works for): its definition is all the editor, the start-up check and the build's reading
// need. Its page and its texts are the other files it takes.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cmsConfig } from "#app/admin/cms-config.server.ts";
import { languages } from "#app/config/site.ts";
import { contentProblems } from "#app/content/check.server.ts";
import { collectionEntries, entryRoutes } from "#app/content/collection-site.server.ts";
import { contentCollections, defineCollection } from "#app/content/definitions.server.ts";
import { readEntries } from "#app/content/read-entries.server.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { validateEditorConfig } from "#tests/support/editor-config-schema.ts";

const industries = defineCollection({
  kind: "folder",
  name: "industries",
  label: "Sectores",
  folder: "content/industries",
  schema: z.strictObject({
    title: z.string().min(3).meta({ title: "Sector" }),
    summary: z.string().min(1).meta({ title: "Qué hacemos en él" }),
    contact: z.email("must be an e-mail address").meta({ title: "Correo de contacto" }),
  }),
  translated: ["title", "summary"],
  markdown: ["summary"],
  body: "Texto",
});

/** A collection folder of the given files, as the editor would save them. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "industries-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const entry = (contact: string) =>
  [
    "---",
    "title: Hostelería",
    "summary: Reservas y **pedidos** sin teclear",
    `contact: ${contact}`,
    "---",
    "",
    "Hoteles y restaurantes de la isla.",
    "",
  ].join("\n");

describe("a collection added by its definition alone", () => {
  const collections = [...contentCollections, industries];
  const config = cmsConfig({
    backend: { CMS_BACKEND: "github", CMS_REPO: "isla/web", CMS_BRANCH: "main" },
    languages,
    spanish: catalogue("es"),
    collections,
  });
  const editor = (config.collections as { name: string; [option: string]: unknown }[]).find(
    (collection) => collection.name === "industries",
  ) as { fields: { name: string; label: string; pattern?: [string, string] }[] } | undefined;

  it("is edited at /admin: its folders, its fields labelled in Spanish, checked as the build checks", () => {
    expect(validateEditorConfig(config), JSON.stringify(validateEditorConfig.errors)).toBe(true);
    expect(editor).toMatchObject({
      label: "Sectores",
      folder: "content/industries",
      path: "{{slug}}/index",
      i18n: true,
    });
    expect(editor?.fields.map((field) => [field.name, field.label])).toEqual([
      ["title", "Sector"],
      ["summary", "Qué hacemos en él"],
      ["contact", "Correo de contacto"],
      ["body", "Texto"],
    ]);
    expect(editor?.fields[1]).toMatchObject({ widget: "markdown", i18n: true });
    expect(editor?.fields[2]).toMatchObject({ i18n: "duplicate" });
    const pattern = new RegExp(editor?.fields[2]?.pattern?.[0] ?? "(?!)", "u");
    for (const email of ["hola@isla.es", "hola@@isla"])
      expect(pattern.test(email), email).toBe(
        industries.schema.shape.contact.safeParse(email).success,
      );
  });

  it("is read by the build: its Markdown fields and its text rendered, a wrong field refused by name", async () => {
    const [read] = await readEntries(industries, folder({ "hosteleria/index.es.md": entry("hola@isla.es") }));
    expect(read).toMatchObject({
      key: "hosteleria",
      lang: "es",
      matter: { title: "Hostelería", summary: "<p>Reservas y <strong>pedidos</strong> sin teclear</p>" },
      html: "<p>Hoteles y restaurantes de la isla.</p>",
    });
    await expect(
      readEntries(industries, folder({ "hosteleria/index.es.md": entry("hola@@isla") })),
    ).rejects.toThrow(/hosteleria\/index\.es\.md: invalid front matter\n\s+contact: must be an e-mail address/);
    // A folder named with accents is refused too: the editor names it in ASCII.
    await expect(
      readEntries(industries, folder({ "hostelería/index.es.md": entry("hola@isla.es") })),
    ).rejects.toThrow(/name the folder in lower-case words joined by hyphens/);
  });

  it("is checked at start when it is one file, naming the file and the field", () => {
    const file = path.join(folder({ "awards.json": JSON.stringify({ email: "hola@@isla" }) }), "awards.json");
    const awards = defineCollection({
      kind: "file",
      name: "awards",
      label: "Premios",
      file,
      schema: z.strictObject({ email: z.email("must be an e-mail address") }),
    });
    expect(contentProblems([...contentCollections, awards])).toEqual([
      `  ${file} email: must be an e-mail address`,
    ]);
    expect(contentProblems()).toEqual([]);
  });
});

describe("a collection's pages, declared in its definition", () => {
  // The sectors, a page each under the services page: no page of its own to add to app/pages.ts.
  const sectors = defineCollection({
    ...industries,
    site: { list: "services", entry: { id: "industry", module: "routes/industry.tsx" } },
  });

  it("routes its entries under its list in every published language, after the shipped ones", () => {
    const routes = entryRoutes(["es", "en"], [...contentCollections, sectors]);
    expect(routes.map((route) => route.id)).toEqual([
      "es/article",
      "en/article",
      "es/case-study",
      "en/case-study",
      "es/industry",
      "en/industry",
    ]);
    expect(routes.slice(-2)).toEqual([
      { path: "/services/:slug", module: "routes/industry.tsx", id: "es/industry" },
      { path: "/en/services/:slug", module: "routes/industry.tsx", id: "en/industry" },
    ]);
  });

  it("lists its entries of the published languages with their URLs, for the prerendering and the sitemap", async () => {
    const dir = folder({
      "hosteleria/index.es.md": entry("hola@isla.es"),
      "hosteleria/index.en.md": entry("hello@isla.es"),
      "hosteleria/index.ca.md": entry("hola@isla.es"),
    });
    const translations = { es: "/services/hosteleria", en: "/en/services/hosteleria" };
    expect(await collectionEntries(sectors, ["es", "en"], dir)).toMatchObject([
      { key: "hosteleria", lang: "en", path: translations.en, translations },
      { key: "hosteleria", lang: "es", path: translations.es, translations },
    ]);
  });
});
