import { describe, expect, it } from "vitest";
import { checkGrounding, citationsOf } from "#app/ask/grounding.ts";

const passages = [
  "Un plan de soporte mensual con correcciones y mejoras.",
  "Un proyecto a precio cerrado de 1.500 € empieza con un diagnóstico de 2 semanas.",
];

describe("a generated answer's checks", () => {
  it("reads the citations in order of first use", () => {
    expect(citationsOf("Sí [2]. Y también [1], como dice [2].")).toEqual([2, 1]);
  });

  it("takes an answer that cites what it was given", () => {
    expect(checkGrounding("Ofrecemos un plan de soporte mensual [1].", passages)).toEqual({
      ok: true,
      cited: [1],
    });
  });

  it("refuses an answer without citations, or citing a passage it was not given", () => {
    expect(checkGrounding("Ofrecemos soporte.", passages)).toEqual({
      ok: false,
      reason: "noCitation",
    });
    expect(checkGrounding("Ofrecemos soporte [3].", passages)).toEqual({
      ok: false,
      reason: "unknownCitation",
    });
    expect(checkGrounding("Ofrecemos soporte [0].", passages)).toMatchObject({ ok: false });
  });

  it("takes a number found in the cited passage, however its thousands are written", () => {
    expect(
      checkGrounding("Cuesta 1500 € y empieza con 2 semanas de diagnóstico [2].", passages),
    ).toMatchObject({
      ok: true,
    });
    expect(checkGrounding("Cuesta 1,500 € [2].", passages)).toMatchObject({ ok: true });
  });

  it("refuses a number or price that is not in the passages it cites", () => {
    expect(checkGrounding("Cuesta 990 € [2].", passages)).toEqual({
      ok: false,
      reason: "unsupportedNumber",
    });
    // In a passage, but not in the one cited.
    expect(checkGrounding("El soporte cuesta 1.500 € al mes [1].", passages)).toEqual({
      ok: false,
      reason: "unsupportedNumber",
    });
    expect(checkGrounding("El soporte se paga en euros [1].", passages)).toEqual({
      ok: false,
      reason: "unsupportedPrice",
    });
  });
});
