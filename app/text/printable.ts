// Visitor text made safe to print in a terminal or an e-mail. A campaign name, a referrer, a
// 404 path or a contact message is typed by whoever sends it: control characters in it
// (ESC, BEL, C1 such as CSI) drive the owner's terminal (retitle it, recolour it, hide or
// overwrite lines), and format characters (bidi overrides and isolates, zero-width
// characters) make what is shown differ from what is stored. Visible text stays as it is.

/**
 * Every character that is not shown but acts: controls (`\p{Cc}`, C0, DEL and C1), format
 * characters (`\p{Cf}`: bidi overrides and isolates, marks, zero-width space, joiners, word
 * joiner, BOM, soft hyphen, tag characters), lone surrogates (`\p{Cs}`), and the line and
 * paragraph separators (`\p{Zl}`, `\p{Zp}`). One exception: a zero-width joiner between two
 * emoji is what makes them one (👩‍💻), and cannot hide text.
 */
const unprintable =
  /(?!(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic}))[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** Any line break (CRLF, a lone CR or LF, NEL, the Unicode line and paragraph separators). */
const lineBreak = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** One line of visitor text: line breaks and tabs become spaces, the rest of `unprintable` goes. */
export const printableLine = (text: string): string =>
  text.replace(lineBreak, " ").replace(/\t/g, " ").replace(unprintable, "");

/**
 * One line of visitor text for an e-mail header (a Subject, a display name): `printableLine`,
 * and no RFC 2047 encoded word. A name such as `=?utf-8?B?QWRtaW4=?=` is plain ASCII, so it
 * would go into the header as it is and mail clients would show it decoded ("Admin"); a
 * no-break space after each `=` of `=?` keeps the characters visible, and the header, no longer
 * ASCII, is then encoded whole by nodemailer (decoding is not repeated).
 */
export const printableHeader = (text: string): string =>
  printableLine(text).replace(/=\?/g, "=\u00A0?");

/**
 * Visitor text of several lines: every kind of line break becomes `\n` (a lone CR would
 * otherwise move the cursor back and let a line overwrite the one shown), tabs stay, the
 * rest of `unprintable` goes.
 */
export const printableText = (text: string): string =>
  text
    .replace(lineBreak, "\n")
    .replace(unprintable, (char) => (char === "\n" || char === "\t" ? char : ""));

/**
 * `value` as JSON that a terminal shows as it is: the text stays exact (an export must not
 * change what a visitor sent), but each unprintable character is written as a `\uXXXX`
 * escape. JSON.stringify escapes C0 controls itself; the structure's own line breaks stay.
 */
export function printableJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(unprintable, (char) =>
    char < " "
      ? char
      : Array.from(
          { length: char.length },
          (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`,
        ).join(""),
  );
}
