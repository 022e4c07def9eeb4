import { describe, expect, it } from "vitest";
import { inSentence, joinNames, typographicApostrophes } from "#app/text/typography.ts";

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

describe("joinNames", () => {
  const last = (names: string, final: string) => `${names}, así como ${final}`;
  it("joins names as the language's sentences do", () => {
    expect(joinNames(["automatización", "integración"], "es", last)).toBe(
      "automatización e integración",
    );
    expect(joinNames(["a", "b", "c"], "en", last)).toBe("a, b, and c");
    expect(joinNames(["solo"], "es", last)).toBe("solo");
  });

  it("adds the last name by its own words when a name holds the conjunction", () => {
    expect(joinNames(["IA generativa", "asistentes inteligentes y bots"], "es", last)).toBe(
      "IA generativa, así como asistentes inteligentes y bots",
    );
    expect(
      joinNames(
        ["assistants and bots", "automation", "AI"],
        "en",
        (a, b) => `${a} as well as ${b}`,
      ),
    ).toBe("assistants and bots, automation as well as AI");
  });
});
