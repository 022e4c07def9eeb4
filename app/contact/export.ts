// A stored message as the owner reads it outside the database: one row of text, and the
// CSV export of `npm run inbox -- export` and of the panel (/panel/messages.csv).
import type { StoredMessage } from "#app/contact/store.server.ts";
import { safeCsv } from "#app/text/csv.ts";
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

/** The export as CSV for a script or a spreadsheet (app/text/csv.ts), dates as ISO text. */
export function messagesCsv(rows: MessageRow[]): string {
  return safeCsv(
    columns,
    rows.map((row) => columns.map((column) => row[column])),
  );
}
