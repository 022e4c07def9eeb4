// Cuts the headings face (Plus Jakarta Sans ExtraBold, from @fontsource) down to the
// characters the site's languages write, into app/fonts/, where app.css picks the files up.
// The output is committed: run this again only when the ranges or the font change.
//   node scripts/subset-fonts.ts
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { respace } from "#scripts/respace-font.ts";

const require = createRequire(import.meta.url);
const source = (subset: string) =>
  readFileSync(
    require.resolve(
      `@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-${subset}-800-normal.woff2`,
    ),
  );
const range = (from: number, to: number) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

// Latin: ASCII, Latin-1 (every Spanish, Catalan, German letter and the middle dot of "l·l"),
// typographic quotes, dashes, ellipsis, euro. Latin Extended-A: the rest of Europe, loaded
// only by a heading that needs it (the @font-face unicode-range in app.css says when).
const files = [
  {
    out: "app/fonts/headings-latin.woff2",
    from: "latin",
    text: range(0x20, 0x7e) + range(0xa0, 0xff) + "‘’‚“”„–—…•€",
  },
  { out: "app/fonts/headings-latin-ext.woff2", from: "latin-ext", text: range(0x100, 0x17f) },
];
/*
 * The face's punctuation carries wide side bearings and its word space is narrow: at heading
 * sizes "solución , en" and "project ?" read as if a space stood before the mark, while
 * "Shall we" nearly runs together. The marks move to their word and the space widens (font
 * units of 1000 to the em; the ink of each glyph is unchanged). The hyphen is drawn again
 * narrower: the face's is 0.45 em of ink on a 0.63 em advance, wider than an "n" and nearly
 * its en dash (0.5 em), so "four-step" read as "four – step"; now 0.28 em on 0.42 em.
 */
const spacing = {
  "-": { lsb: 70, advance: 420, width: 280 },
  " ": { advance: 240 },
  ",": { lsb: 40, advance: 280 },
  ".": { lsb: 45, advance: 270 },
  ":": { lsb: 45, advance: 270 },
  ";": { lsb: 45, advance: 285 },
  "!": { lsb: 60, advance: 270 },
  "?": { lsb: 30, advance: 570 },
  "…": { lsb: 45, advance: 780 },
};
for (const { out, from, text } of files) {
  const subset = await subsetFont(source(from), text, { targetFormat: "truetype" });
  const own = Object.fromEntries(Object.entries(spacing).filter(([char]) => text.includes(char)));
  const font = await subsetFont(respace(Buffer.from(subset), own), text, { targetFormat: "woff2" });
  writeFileSync(out, font);
  console.log(`${out}: ${font.length} bytes`);
}
