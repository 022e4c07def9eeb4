import { describe, expect, it } from "vitest";
import { pagePassages } from "#app/ask/passages.server.ts";
import { answerQuestion, createRetriever } from "#app/ask/retrieve.ts";
import { indexPassages, termProcessor, type Passage } from "#app/ask/search.ts";

const page = (lang: string, main: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>t</title></head><body><header><nav><a href="/">Inicio</a></nav></header><main id="main">${main}</main><footer><p>Pie de página</p></footer></body></html>`;

describe("the passages of a prerendered page", () => {
  const html = page(
    "es",
    '<header><h1>Servicios</h1><p>Lo que hacemos.</p></header><section aria-labelledby="group"><h2 id="group">Automatización</h2><ul><li><h3 class="x">Automatización de procesos</h3><p>Eliminamos tareas repetitivas.</p></li></ul></section><h2>Datos</h2><dl><dt>Idiomas</dt><dd>español y catalán</dd></dl><details><summary>¿Cuánto tarda un proyecto?</summary><p>Depende del alcance.</p></details><form><label>Nombre</label><button>Enviar</button></form><p><span class="sr-only">solo lectores</span><span aria-hidden="true">→</span>Visible</p><div lang="en"><p>English only</p></div><section data-cta-band="true"><h2 id="cta-title">¿Hablamos?</h2><p>Escríbenos.</p></section>',
  );
  const passages = pagePassages(html, "/services");

  it("splits the main text by section heading, each passage with its page, title and anchor", () => {
    expect(passages.map((p) => [p.heading, p.anchor, p.blocks])).toEqual([
      ["Servicios", "", [{ tag: "p", text: "Lo que hacemos." }]],
      // A card's heading inside a list item starts a section of its own.
      [
        "Automatización de procesos",
        ":~:text=Automatizaci%C3%B3n%20de%20procesos",
        [{ tag: "p", text: "Eliminamos tareas repetitivas." }],
      ],
      // A term and its description read as one line.
      ["Datos", ":~:text=Datos", [{ tag: "p", text: "Idiomas: español y catalán" }]],
      // An FAQ entry: its question is the heading, the section's anchor its link.
      ["¿Cuánto tarda un proyecto?", ":~:text=Datos", [{ tag: "p", text: "Depende del alcance." }]],
      // Screen-reader-only and hidden text, forms, other languages, the call to action: left out.
      ["Datos", ":~:text=Datos", [{ tag: "p", text: "Visible" }]],
    ]);
    expect(passages.every((p) => p.url === "/services" && p.title === "Servicios")).toBe(true);
  });

  it("links a heading without an id by its text, its no-break spaces and dashes encoded", () => {
    const spaced = page("es", "<h1>T</h1><h2>Plan de\u00a0soporte — a-b</h2><p>x</p>");
    expect(pagePassages(spaced, "/").map((p) => p.anchor)).toEqual([
      ":~:text=Plan%20de%C2%A0soporte%20%E2%80%94%20a%2Db",
    ]);
  });
});

describe("stemming", () => {
  it("finds a word's other forms in each language, with or without accents", () => {
    const stems = (lang: string, words: string[]) => words.map((word) => termProcessor(lang)(word));
    const [es1, es2, es3] = stems("es", ["automatización", "automatizacion", "automatizar"]);
    expect(es1?.some((stem) => es2?.includes(stem))).toBe(true);
    expect(es1?.some((stem) => es3?.includes(stem))).toBe(true);
    const [ca1, ca2] = stems("ca", ["formació", "formacio"]);
    expect(ca1?.some((stem) => ca2?.includes(stem))).toBe(true);
    expect(stems("en", ["projects"])[0]).toContain(stems("en", ["project"])[0]?.[0]);
    expect(stems("de", ["Projekte"])[0]).toContain(stems("de", ["Projekt"])[0]?.[0]);
  });

  it("drops stop words", () => {
    expect(termProcessor("es")("vuestra")).toBeNull();
    expect(termProcessor("ca")("quina")).toBeNull();
    expect(termProcessor("en")("which")).toBeNull();
    expect(termProcessor("de")("welche")).toBeNull();
  });
});

describe("retrieval", () => {
  const passage = (id: number, heading: string, text: string, url = `/p${id}`): Passage => ({
    id,
    url,
    anchor: `a${id}`,
    title: `Página ${id}`,
    heading,
    blocks: [{ tag: "p", text }],
  });
  const filler = Array.from({ length: 12 }, (_, i) =>
    passage(
      i + 10,
      `Sección ${i}`,
      `Trabajamos con empresas de Mallorca en proyectos de software ${i}.`,
    ),
  );
  const privacy: Passage = {
    ...passage(
      4,
      "Plazo de conservación",
      "Guardamos los mensajes un año; el código de cada formulario se borra al terminar.",
      "/privacy",
    ),
    legal: true,
  };
  const passages = [
    passage(
      1,
      "Formación en IA",
      "Damos talleres de formación en inteligencia artificial para equipos.",
    ),
    passage(2, "Plan de soporte", "Un plan de soporte mensual con correcciones y mejoras."),
    passage(3, "Precio cerrado", "Un proyecto a precio cerrado empieza con un diagnóstico."),
    privacy,
    passage(5, "¿De quién es el código?", "Tuyo, una vez pagado, con su documentación."),
    ...filler,
  ];
  const asked: Record<number, string> = {
    2: "¿Hacéis mantenimiento?\nmantenimiento",
    4: "datos\nconservar",
  };
  const retriever = createRetriever("es", {
    passages,
    phrasings: { "quienes sois": 3 },
    synonyms: [
      ["taller", "curso", "clase"],
      ["soporte", "asistencia"],
    ],
    index: indexPassages("es", passages, (p) => ({
      purpose: "",
      topic: "",
      asked: asked[p.id] ?? "",
    })).toJSON(),
  });
  const first = (question: string) => retriever.retrieve(question).passages[0]?.id;

  it("quotes the passage that answers, first", () => {
    expect(first("¿Hacéis formación en IA?")).toBe(1);
    expect(first("¿tenéis un plan de soporte?")).toBe(2);
  });

  it("finds a misspelt word or one typed without accents", () => {
    expect(first("formacion en IA")).toBe(1);
    expect(first("¿Hacéis mantenimento?")).toBe(2);
  });

  it("lands a question on the passage the owner wrote its words or the question itself for", () => {
    expect(first("¿Hacéis mantenimiento?")).toBe(2);
    // Stop words only: found by the owner's phrasing, as written or near it.
    expect(first("¿Quiénes sois?")).toBe(3);
    expect(first("quienes sois")).toBe(3);
  });

  it("finds a word the site does not use through the owner's words alike, counted less", () => {
    // "cursos" is not on the site; "talleres", of its group, is: without it, "formación" alone
    // would be half of the question.
    expect(first("¿Hay cursos de formación?")).toBe(1);
    // The word asked weighs more than one alike: "asistencia" is not "soporte".
    expect(first("plan de soporte")).toBe(2);
    expect(retriever.retrieve("¿Qué es la asistencia sanitaria universal?").passages).toEqual([]);
  });

  it("answers with less of the question when a heading holds its word, unless most is unknown", () => {
    // Half the question each: "precio" is passage 3's heading, "correcciones" in passage 2's text.
    expect(retriever.retrieve("¿Qué precio tienen las correcciones?").passages).toEqual([
      passages[2],
    ]);
    // The same heading's word, but in a question mostly of words the site never uses.
    expect(retriever.retrieve("precio del alquiler de barcos en Palma").passages).toEqual([]);
  });

  it("quotes a legal text only when the question is about it", () => {
    // Its body has "código" too, but the question is not about keeping messages.
    expect(retriever.retrieve("¿De quién es el código?").passages).toEqual([passages[4]]);
    expect(first("¿Cuánto tiempo conserváis los mensajes?")).toBe(4);
  });

  it("quotes at most three passages", () => {
    expect(
      retriever.retrieve("proyectos de software en Mallorca").passages.length,
    ).toBeLessThanOrEqual(3);
  });

  it("answers nothing to a question the pages do not cover, or of common words only", () => {
    expect(retriever.retrieve("¿Cuál es la capital de Francia?").passages).toEqual([]);
    expect(retriever.retrieve("¿Qué tal?").passages).toEqual([]);
    // Words the site uses everywhere say nothing of what is asked.
    expect(retriever.retrieve("empresas").passages).toEqual([]);
    // A word one letter from one of the site's, and one the site lacks: not enough.
    expect(retriever.retrieve("¿receta de formacian?").passages).toEqual([]);
  });

  it("answers from the Spanish pages, saying so, when the visitor's language has nothing", () => {
    const english = createRetriever("en", {
      passages: [passage(1, "Services", "We build software.", "/en/services")],
      phrasings: {},
      synonyms: [],
      index: indexPassages("en", [
        passage(1, "Services", "We build software.", "/en/services"),
      ]).toJSON(),
    });
    const retrievers = new Map([
      ["es", retriever],
      ["en", english],
    ]);
    expect(answerQuestion(retrievers, "en", "formación IA", "es")).toEqual({
      passages: [passages[0]],
      fallback: "es",
    });
    expect(answerQuestion(retrievers, "en", "software", "es").fallback).toBeNull();
    expect(answerQuestion(retrievers, "en", "receta de paella", "es")).toEqual({
      passages: [],
      fallback: null,
    });
  });
});
