import { describe, expect, it } from "vitest";
import { checkGrounding, citationsOf } from "#app/ask/grounding.ts";

const passages = [
  "Un plan de soporte mensual con correcciones y mejoras.",
  "Un proyecto a precio cerrado de 1.500 € empieza con un diagnóstico de 2 semanas.",
];
const es = (answer: string) => checkGrounding(answer, passages, "es");
const refused = (reason: string) => ({ ok: false, reason });

describe("a generated answer's checks", () => {
  it("reads the citations in order of first use", () => {
    expect(citationsOf("Sí [2]. Y también [1], como dice [2].")).toEqual([2, 1]);
  });

  it("takes an answer that cites what it was given", () => {
    expect(es("Ofrecemos un plan de soporte mensual [1].")).toEqual({ ok: true, cited: [1] });
  });

  it("refuses an answer without citations, or citing a passage it was not given", () => {
    expect(es("Ofrecemos soporte.")).toEqual(refused("noCitation"));
    expect(es("Ofrecemos soporte [3].")).toEqual(refused("unknownCitation"));
    expect(es("Ofrecemos soporte [0].")).toEqual(refused("unknownCitation"));
    // The page links [2] to the second passage; "[02]" would link to no passage at all.
    expect(es("Cuesta 1.500 € [02].")).toEqual(refused("unknownCitation"));
    expect(es("Ofrecemos soporte [1] [0001].")).toEqual(refused("unknownCitation"));
  });

  it("takes a number found in the cited passage, written as the answer's language writes it", () => {
    expect(es("Cuesta 1500 € y empieza con 2 semanas de diagnóstico [2].")).toEqual({
      ok: true,
      cited: [2],
    });
    expect(es("Cuesta 1.500,00 € [2].")).toMatchObject({ ok: true });
    expect(es("Cuesta 1\u00a0500 € [2].")).toMatchObject({ ok: true });
    expect(es("Empieza con un diagnóstico de dos semanas [2].")).toMatchObject({ ok: true });
    expect(
      checkGrounding("It costs €1,500 [1].", ["A fixed-price project costs €1,500."], "en"),
    ).toMatchObject({ ok: true });
    expect(
      checkGrounding("Es kostet 1.500 Euro [1].", ["Ein Festpreisprojekt kostet 1.500 €."], "de"),
    ).toMatchObject({ ok: true });
  });

  it("refuses a number that means another amount in the answer's language", () => {
    // "1,500" is one and a half in Spanish; "15,00" is fifteen, not 1.500.
    expect(es("Cuesta 1,500 € [2].")).toEqual(refused("unsupportedNumber"));
    expect(es("Cuesta 15,00 € [2].")).toEqual(refused("unsupportedNumber"));
    // "1.500" is one and a half in English.
    expect(
      checkGrounding("It costs €1.500 [1].", ["A fixed-price project costs €1,500."], "en"),
    ).toEqual(refused("unsupportedNumber"));
  });

  it("refuses a number or price that is not in the passages it cites", () => {
    expect(es("Cuesta 990 € [2].")).toEqual(refused("unsupportedNumber"));
    // In a passage, but not in the one cited.
    expect(es("El soporte cuesta 1.500 € al mes [1].")).toEqual(refused("unsupportedNumber"));
    expect(es("El soporte se paga en euros [1].")).toEqual(refused("unsupportedPrice"));
  });

  it("refuses a price made of a number and a currency the passage has apart", () => {
    // "2" (weeks) and "€" are both in passage 2, but its price is 1.500 €.
    expect(es("Cuesta 2 € [2].")).toEqual(refused("unsupportedPrice"));
    expect(es("Cuesta 1.500 $ [2].")).toEqual(refused("unsupportedPrice"));
  });

  it("refuses a price cited first to a passage that does not state it", () => {
    // Passage 2's price moved onto passage 1's subject by citing both.
    expect(es("El soporte cuesta 1.500 € [1][2].")).toEqual(refused("unsupportedPrice"));
    expect(es("El soporte es mensual [1] y el proyecto cuesta 1.500 € [2].")).toEqual({
      ok: true,
      cited: [1, 2],
    });
    expect(es("Según [2], el proyecto cuesta 1.500 €.")).toMatchObject({ ok: true });
  });

  it("refuses numbers in words the cited passages do not use", () => {
    expect(es("Cuesta mil euros [2].")).toEqual(refused("unsupportedNumber"));
    expect(es("Hay cientos de clientes [1].")).toEqual(refused("unsupportedNumber"));
    expect(es("Empieza con un diagnóstico de tres semanas [2].")).toEqual(
      refused("unsupportedNumber"),
    );
    expect(
      checkGrounding("It costs a thousand euros [1].", ["A project costs €1,500."], "en"),
    ).toEqual(refused("unsupportedNumber"));
    expect(
      checkGrounding("Costa milers d'euros [1].", ["Un projecte costa 1.500 €."], "ca"),
    ).toEqual(refused("unsupportedNumber"));
    expect(
      checkGrounding("Es kostet zweitausend Euro [1].", ["Ein Projekt kostet 1.500 €."], "de"),
    ).toEqual(refused("unsupportedNumber"));
    expect(
      checkGrounding("Hay cientos de casos [1].", ["Hemos resuelto cientos de casos."], "es"),
    ).toMatchObject({ ok: true });
  });
});
