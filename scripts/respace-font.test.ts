import { readFileSync } from "node:fs";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { metrics } from "#scripts/respace-font.ts";

const committed = async () =>
  Buffer.from(
    await subsetFont(readFileSync("app/fonts/headings-latin.woff2"), " ,.?!:;nt-–", {
      targetFormat: "truetype",
    }),
  );

describe("the headings face", () => {
  it("sets punctuation against its word: a mark's left bearing is under a third of a space", async () => {
    const font = await committed();
    const space = metrics(font, " ").advance;
    for (const mark of [",", ".", "?", "!", ":", ";"]) {
      expect(metrics(font, mark).lsb, mark).toBeLessThan(space / 3);
    }
  });

  it("draws the hyphen narrower than an n and well short of the en dash, so it reads as a hyphen", async () => {
    const font = await committed();
    const hyphen = metrics(font, "-").advance;
    expect(hyphen).toBeLessThan(metrics(font, "n").advance * 0.75);
    expect(hyphen).toBeLessThan(metrics(font, "–").advance * 0.65);
  });

  it("keeps word spaces wide enough to read as spaces at ExtraBold (0.24 em)", async () => {
    expect(metrics(await committed(), " ").advance).toBeGreaterThanOrEqual(240);
  });
});
