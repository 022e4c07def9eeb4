import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadCaseStudies, loadPeople } from "#app/content/collections.server.ts";
import { loadInsights } from "#app/insights/content.server.ts";

const caseStudies = path.resolve("tests/fixtures/case-studies");
const people = path.resolve("tests/fixtures/people");
const languages = ["es", "en", "ca"];
const today = "2026-03-01";

/** A collection folder holding one entry, `<key>/index.<lang>.md`. */
function collection(key: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "collection-"));
  mkdirSync(path.join(dir, key));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, key, name), text);
  return dir;
}

describe("case studies", () => {
  it("are the published ones, with their translations and their three parts rendered", async () => {
    const { caseStudies: found } = await loadCaseStudies({ dir: caseStudies, languages, today });
    expect(found.map((study) => study.path).sort()).toEqual([
      "/case-studies/caso-de-prueba",
      "/en/case-studies/test-case-study",
    ]);
    const es = found.find((study) => study.lang === "es");
    expect(es?.translations).toEqual({
      es: "/case-studies/caso-de-prueba",
      en: "/en/case-studies/test-case-study",
    });
    expect(es?.challenge).toContain("<strong>pedidos</strong>");
    expect(es?.approach.match(/<p>/g)).toHaveLength(2);
    expect(es?.figures).toEqual([{ value: "−40 %", label: "tiempo de prueba por pedido" }]);
    expect(es?.services).toEqual(["automation", "consulting"]);
  });

  it("include drafts only as previews", async () => {
    const { caseStudies: found } = await loadCaseStudies({
      dir: caseStudies,
      languages,
      today,
      preview: true,
    });
    expect(found.find((study) => study.slug === "caso-borrador")?.preview).toBe(true);
  });

  it("fail the build on a wrong field, naming the file and the field", async () => {
    const dir = collection("broken", {
      "index.es.md": [
        "---",
        "title: Un caso",
        "description: Resumen",
        "slug: Un Caso",
        "client: Sector",
        "date: 2026-01-01",
        "challenge: Reto",
        "approach: Enfoque",
        "result: Resultado",
        "services: [gardening]",
        "---",
        "",
      ].join("\n"),
    });
    await expect(loadCaseStudies({ dir, languages, today })).rejects.toThrow(
      /broken\/index\.es\.md: invalid front matter\n\s+slug: .*\n\s+services\.0: /,
    );
  });
});

describe("people", () => {
  it("are in their order in every language, falling back to the default language's text", async () => {
    const { people: found, images } = await loadPeople({ dir: people, languages });
    expect(found.es?.map((person) => person.key)).toEqual(["ana-ferrer", "marc-vidal"]);
    const [ana, marc] = found.en ?? [];
    expect(ana).toMatchObject({ lang: "en", role: "Process consultant", answersMessages: true });
    expect(marc).toMatchObject({ lang: "es", role: "Desarrollador", answersMessages: false });
    expect(found.ca?.[0]).toMatchObject({ lang: "es", role: "Consultora de procesos" });
    expect(ana?.bio).toMatch(/^<p>A test person/);
    // The photo: square variants served from the site itself.
    expect(ana?.photo?.src).toMatch(/^\/people\/images\/[0-9a-f]{10}-\d+\.webp$/);
    expect(images.length).toBeGreaterThan(0);
    for (const variant of images) expect(variant.height).toBe(variant.width);
    expect(marc?.photo).toBeUndefined();
  });

  it("fail the build without the default language's file, or on a wrong field", async () => {
    const english = collection("someone", {
      "index.en.md": "---\nname: Someone\nrole: Role\n---\n\nBio.\n",
    });
    await expect(loadPeople({ dir: english, languages })).rejects.toThrow(
      /someone: index\.es\.md is missing/,
    );
    const wrong = collection("someone", {
      "index.es.md": "---\nname: Someone\nrole: Role\nprofile: http://insecure.example\n---\n",
    });
    await expect(loadPeople({ dir: wrong, languages })).rejects.toThrow(
      /someone\/index\.es\.md: invalid front matter\n\s+profile: must be an https:\/\/ address/,
    );
  });

  it("read a field the editor emptied (written as null) as absent", async () => {
    const dir = collection("someone", {
      "index.es.md": "---\nname: Someone\nrole: Role\norder:\nprofile: ''\n---\n\nBio.\n",
    });
    const { people: found } = await loadPeople({ dir, languages: ["es"] });
    expect(found.es?.[0]).toMatchObject({ order: 0, profile: undefined });
  });

  it("are the only authors an article may name", async () => {
    const dir = collection("an-article", {
      "index.es.md": [
        "---",
        "title: Un artículo de prueba",
        "description: Una descripción de prueba que tiene más de cincuenta caracteres, como exige el esquema.",
        "slug: un-articulo",
        "date: 2026-01-01",
        "tags: [Pruebas]",
        "author: nobody",
        "---",
        "",
        "Texto.",
      ].join("\n"),
    });
    await expect(loadInsights({ dir, people, today, languages })).rejects.toThrow(
      /an-article\/index\.es\.md: invalid front matter\n\s+author: no person "nobody"/,
    );
  });
});
