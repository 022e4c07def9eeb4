import { describe, expect, it } from "vitest";
import { inSentence, typographicApostrophes } from "#app/text/typography.ts";

describe("typographic apostrophes", () => {
  it("sets an apostrophe inside a word as ’, also after an interpolation", () => {
    expect(typographicApostrophes("Declaració d'accessibilitat, a l'inici")).toBe(
      "Declaració d’accessibilitat, a l’inici",
    );
    expect(typographicApostrophes("Let's talk about today's order")).toBe(
      "Let’s talk about today’s order",
    );
    expect(typographicApostrophes("{{name}}'s profile")).toBe("{{name}}’s profile");
  });

  it("leaves a mark that is not inside a word as it was typed", () => {
    for (const text of ["'quoted'", "rock 'n' roll", "5' long", "ends'", "Ja és aquí"])
      expect(typographicApostrophes(text)).toBe(text);
  });
});

describe("inSentence", () => {
  it("lowers a name's first letter inside a sentence, but not German nouns or acronyms", () => {
    expect(inSentence("Process automation", "en")).toBe("process automation");
    expect(inSentence("Soluciones de IA generativa", "es")).toBe("soluciones de IA generativa");
    expect(inSentence("Àrees de treball", "ca")).toBe("àrees de treball");
    expect(inSentence("Prozessautomatisierung", "de")).toBe("Prozessautomatisierung");
    expect(inSentence("AI solutions", "en")).toBe("AI solutions");
  });
});
