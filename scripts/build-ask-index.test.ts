// The owner's phrasings and words (content/ask, edited at /admin): the editor offers the
// collection, and once the build has read an entry as the editor saves it, a question worded
// so lands on its page and section; an entry naming a section the page lacks stops the build.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cmsConfig } from "#app/admin/cms-config.server.ts";
import { createRetriever, type AskIndex } from "#app/ask/retrieve.ts";
import { askIndexFile } from "#app/ask/search.ts";
import { languages } from "#app/config/site.ts";
import { askTopics, askWords } from "#app/content/definitions.server.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { buildAskIndex } from "#scripts/build-ask-index.ts";

const page = (lang: string, description: string, main: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>t</title><meta name="description" content="${description}"/></head><body><main id="main">${main}</main></body></html>`;

const noWords = JSON.stringify({ es: [], en: [], ca: [], de: [] });

/**
 * A built site of a few pages, a folder of topics and the file of words alike, as the editor
 * saves them.
 */
function site(topics: Record<string, string>, words = noWords) {
  const root = mkdtempSync(path.join(tmpdir(), "ask-index-"));
  const files: Record<string, string> = {
    "client/services/index.html": page(
      "es",
      "Software a medida y plataformas web.",
      "<h1>Nuestros servicios</h1><p>De la estrategia a la puesta en marcha.</p><h2>Plataformas web</h2><p>Webs, portales y API rápidos y seguros.</p><h2>Automatización</h2><p>Eliminamos tareas repetitivas conectando tus herramientas.</p>",
    ),
    "client/privacy/index.html": page(
      "es",
      "Cómo tratamos tus datos personales.",
      "<h1>Política de privacidad</h1><h2>Plazo de conservación</h2><p>Guardamos los mensajes del formulario un año.</p>",
    ),
    "client/en/services/index.html": page(
      "en",
      "Custom software and web platforms.",
      `<h1>Our services</h1><p>From strategy to launch.</p><h2>Web platforms</h2><p>Fast, secure websites, portals and APIs.</p>${["Consulting", "Automation", "Assistants", "Integration"].map((name) => `<h2>${name}</h2><p>${name} for small companies.</p>`).join("")}`,
    ),
    ...Object.fromEntries(Object.entries(topics).map(([file, text]) => [`ask/${file}`, text])),
    "ask-words.json": words,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function build(root: string) {
  await buildAskIndex(
    path.join(root, "client"),
    path.join(root, "build"),
    path.join(root, "ask"),
    path.join(root, "ask-words.json"),
  );
  const retriever = (lang: string) =>
    createRetriever(
      lang,
      JSON.parse(readFileSync(askIndexFile(path.join(root, "build"), lang), "utf8")) as AskIndex,
    );
  return (lang: string, question: string) => {
    const [first] = retriever(lang).retrieve(question).passages;
    return first && { url: first.url, heading: first.heading };
  };
}

/** An entry as the editor writes it: YAML front matter, no text below. */
const entry = (lines: string[]) => ["---", ...lines, "---", ""].join("\n");

describe("the owner's phrasings and words", () => {
  it("land a question worded so on its page and section, once built", async () => {
    const before = await build(site({}));
    expect(before("es", "¿Me montáis una tienda online?")).toBeUndefined();

    const ask = await build(
      site({
        "tienda-online/index.es.md": entry([
          "topic: Tienda online",
          "page: /services",
          "section: Plataformas web",
          "questions:",
          "  - ¿Me montáis una tienda online?",
          "words:",
          "  - ecommerce",
        ]),
        // The English file writes the page without its language's prefix: read as /en/services.
        "tienda-online/index.en.md": entry([
          "topic: Tienda online",
          "page: /services",
          "section: Web platforms",
          "questions: []",
          "words:",
          "  - ecommerce",
        ]),
      }),
    );
    const platforms = { url: "/services", heading: "Plataformas web" };
    expect(ask("es", "¿Me montáis una tienda online?")).toEqual(platforms);
    // Worded a little otherwise, and by one of its words.
    expect(ask("es", "me montais una tienda online")).toEqual(platforms);
    expect(ask("es", "¿Hacéis ecommerce?")).toEqual(platforms);
    expect(ask("en", "Do you do ecommerce?")).toEqual({
      url: "/en/services",
      heading: "Web platforms",
    });
  });

  it("make a legal text answer the questions about it, and only those", async () => {
    const ask = await build(
      site({
        "privacidad/index.es.md": entry([
          "topic: Privacidad",
          "page: /privacy",
          "questions: []",
          "words:",
          "  - conserváis",
        ]),
      }),
    );
    expect(ask("es", "¿Cuánto tiempo conserváis los mensajes?")).toEqual({
      url: "/privacy",
      heading: "Plazo de conservación",
    });
    // Its body shares words with a question about something else: not quoted.
    expect(ask("es", "¿Hacéis formularios de un año?")).toBeUndefined();
  });

  it("stop the build when an entry names a section its page does not have, naming the file", async () => {
    const root = site({
      "tienda/index.es.md": entry([
        "topic: Tienda",
        "page: /services",
        "section: Tiendas",
        "questions:",
        "  - ¿Hacéis tiendas?",
        "words: []",
      ]),
    });
    await expect(build(root)).rejects.toThrow(
      /tienda\/index\.es\.md: section: "Tiendas" is not a heading of \/services \(its headings: Nuestros servicios \| Plataformas web \| Automatización\)/,
    );
  });

  it("find a word the site does not use through the words written alike, once built", async () => {
    const before = await build(site({}));
    expect(before("es", "¿Hacéis intranets?")).toBeUndefined();

    const words = JSON.stringify({ es: ["portales, intranets, intranet"], en: [], ca: [], de: [] });
    const ask = await build(site({}, words));
    expect(ask("es", "¿Hacéis intranets?")).toEqual({
      url: "/services",
      heading: "Plataformas web",
    });
  });

  it("are a collection of the editor, in Spanish, per language", () => {
    const config = cmsConfig({
      backend: { CMS_BACKEND: "github", CMS_REPO: "isla/web", CMS_BRANCH: "main" },
      languages,
      spanish: catalogue("es"),
    });
    const editor = (config.collections as { name: string; [option: string]: unknown }[]).find(
      (collection) => collection.name === askTopics.name,
    ) as
      | {
          label: string;
          folder: string;
          fields: { name: string; label: string; i18n: unknown }[];
        }
      | undefined;
    expect(editor?.label).toBe("Preguntas de los visitantes");
    expect(editor?.folder).toBe("content/ask");
    expect(editor?.fields.map(({ name, label, i18n }) => [name, label, i18n])).toEqual([
      ["topic", "Tema", "duplicate"],
      ["page", "Página", true],
      ["section", "Sección", true],
      ["questions", "Preguntas que responde", true],
      ["words", "Palabras de los visitantes", true],
    ]);
    // The words alike: one file, a list per language, with the company's data.
    const site = (config.collections as { name: string; files?: unknown[] }[]).find(
      (collection) => collection.name === "site",
    ) as { files: { file: string; label: string; fields: { name: string; label: string }[] }[] };
    const words = site.files.find((file) => file.file === askWords.file);
    expect(words?.label).toBe("Sinónimos de los visitantes");
    expect(words?.fields.map(({ name, label }) => [name, label])).toEqual([
      ["es", "Sinónimos en español"],
      ["en", "Sinónimos en inglés"],
      ["ca", "Sinónimos en catalán"],
      ["de", "Sinónimos en alemán"],
    ]);
  });
});
