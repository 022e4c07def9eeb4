// Punctuation as a typographer sets it, whatever was typed in the editor. The catalogues'
// texts and the articles' titles and summaries are short strings whose only straight mark is
// the apostrophe (their quotes are already « », “ ” or „ “), so a pattern does there what the
// Markdown pipeline does with remark-smartypants, which also tells opening from closing quotes
// in the articles' and legal texts' bodies (app/insights/markdown.server.ts).

/** A straight apostrophe inside a word (l'empresa, company's, {{name}}'s). */
const straightApostrophe = /(?<=[\p{L}\p{N}}])'(?=\p{L})/gu;

/** `text` with its in-word apostrophes typographic (’, U+2019). */
export const typographicApostrophes = (text: string): string =>
  text.replace(straightApostrophe, "\u2019");
