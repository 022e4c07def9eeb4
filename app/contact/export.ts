// A stored message as the owner reads it outside the database: one row of text, and the
// CSV export of `npm run inbox -- export` and of the panel (/panel/messages.csv).
import { stringify } from "csv-stringify/sync";
import type { StoredMessage } from "#app/contact/store.server.ts";
import { printableLine, printableText } from "#app/text/printable.ts";

const columns = [
  "id",
  "receivedAt",
  "status",
  "attempts",
  "lastError",
  "sentAt",
  "spamReason",
  "suspicion",
  "lang",
  "name",
  "email",
  "message",
] as const;

type MessageRow = Record<(typeof columns)[number], string | number | null>;

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

/** A message as the owner reads it: dates as ISO text. */
export function messageRow(message: StoredMessage): MessageRow {
  return {
    id: message.id,
    receivedAt: iso(message.createdAt),
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    sentAt: iso(message.sentAt) || null,
    spamReason: message.spamReason,
    suspicion: message.suspicion,
    lang: message.lang,
    name: message.name,
    email: message.email,
    message: message.message,
  };
}

/**
 * A message's fields as the terminal may show them: one line each, the message with its
 * lines. Everything a visitor typed (and an SMTP server's error) is text for the owner to
 * read, never a control sequence for the terminal or a bidi override that reorders it.
 */
export function printableRow(row: MessageRow): MessageRow {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      typeof value !== "string"
        ? value
        : column === "message"
          ? printableText(value)
          : printableLine(value),
    ]),
  ) as MessageRow;
}

/**
 * The export as CSV that no spreadsheet runs as a formula, whichever separator its locale
 * reads (`,`, `;` or tab): every text cell is quoted, and a `'` goes before a formula start
 * at the beginning of a cell and after each separator or line break inside it, where a
 * spreadsheet splitting on another separator would start a cell.
 */
export function messagesCsv(rows: MessageRow[]): string {
  // Cleaned first (a CSV is printed to a terminal as often as it is opened): line breaks
  // become \n, so only the `'` rule below decides what follows a separator.
  const defuse = (value: string | number | null) =>
    typeof value === "string"
      ? printableText(value).replace(/([,;\t\r\n])(?=[=+\-@\t\r])/g, "$1'")
      : value;
  return stringify(
    rows.map((row) => columns.map((column) => defuse(row[column]))),
    {
      header: true,
      columns: [...columns],
      quoted_string: true,
      escape_formulas: true,
      record_delimiter: "windows",
    },
  );
}
