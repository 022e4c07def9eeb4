// Text as the panel's search compares it: without case or accents, so "Pollenca" finds
// "Pollença", "gracies" finds "gràcies" and "JOSE" finds "José". Computed here, in one place,
// and stored beside each message (migration 0007): SQLite and PostgreSQL then compare the
// same folded text with the same LIKE, instead of two engines' notions of accents.
export function folded(text: string): string {
  // NFKD splits "ç" into "c" and its cedilla (and "ﬁ" into "fi"); the marks then go.
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** What a message is searched by: its name, address and text, folded. */
export const messageSearchText = (message: { name: string; email: string; message: string }) =>
  folded(`${message.name}\n${message.email}\n${message.message}`);
