import type { ReactNode } from "react";

/** A word joined by hyphens: "mid-sized", "four-step", "Parlem-ne", "e-mail". */
const compound = /(\p{L}+(?:-\p{L}+)+)/u;

/**
 * A heading's text with each hyphenated compound kept on one line. Browsers break after any
 * hyphen, and at heading sizes "mid- / sized" reads as a broken word; the text itself stays
 * as written (a non-breaking hyphen, U+2011, is not in the headings face and would change
 * what is copied and indexed).
 */
export function keepCompounds(text: ReactNode): ReactNode {
  if (typeof text !== "string") return text;
  const parts = text.split(compound);
  if (parts.length === 1) return text;
  // split() with a capturing group puts the compounds at the odd places.
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
