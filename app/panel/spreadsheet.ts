// The panel's exports for the office (/panel/messages.csv, /panel/calls.csv): CSV as a Spanish
// Excel opens it with a double click. UTF-8 with a byte-order mark (else "Ferrà" is garbled),
// `;` between cells (the separator of a locale whose decimal mark is the comma: "8.000 €"
// stays in its cell), headers in the owner's language, and times as Madrid's wall clock
// written "28/11/2026 16:05", which Excel reads as a date and time.
import type { TFunction } from "i18next";
import { companyTimeZone } from "#app/booking/availability.ts";
import type { OwnerMark, StoredMessage } from "#app/contact/store.server.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { safeCsv, type Cell } from "#app/text/csv.ts";

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: companyTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * A moment as a spreadsheet cell, Madrid time: "28/11/2026 16:05" (day first, as Spanish,
 * Catalan and British Excel read it), "28.11.2026 16:05" for a German owner.
 */
export function spreadsheetTime(ms: number | null, lang: string): string {
  if (ms === null) return "";
  const part = Object.fromEntries(
    wallClock.formatToParts(ms).map((piece) => [piece.type, piece.value]),
  );
  const day = [part["day"], part["month"], part["year"]].join(lang === "de" ? "." : "/");
  return `${day} ${part["hour"]}:${part["minute"]}`;
}

const sheet = (header: string[], rows: Cell[][]) =>
  safeCsv(header, rows, { delimiter: ";", bom: true });

/** Whether the owner was told by e-mail: the outbox's status in a word. */
const delivery = (status: StoredMessage["status"]) =>
  status === "sent" ? "sent" : status === "failed" ? "failed" : "pending";

/** The visitors' messages (not spam), with the owner's mark and the message's language. */
export function messagesSheet(
  messages: (StoredMessage & { ownerStatus: OwnerMark })[],
  { t, lang }: { t: TFunction; lang: string },
): string {
  const columns = [
    "number",
    "received",
    "name",
    "email",
    "language",
    "mark",
    "message",
    "mail",
  ] as const;
  return sheet(
    columns.map((name) => t(`panel.export.messages.${name}`)),
    messages.map((message) => [
      message.id,
      spreadsheetTime(message.createdAt, lang),
      message.name,
      message.email,
      languageName(message.lang, lang),
      t(`panel.messages.marks.${message.ownerStatus}`),
      message.message,
      t(`panel.export.mail.${delivery(message.status)}`),
    ]),
  );
}

type ExportedCall = {
  id: number;
  createdAt: number;
  lang: string;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  start: number;
  end: number;
  status: "booked" | "cancelled";
  heldUntil?: number | null | undefined;
};

/** Every booked call, with its times, its state and the visitor's language. */
export function callsSheet(calls: ExportedCall[], { t, lang }: { t: TFunction; lang: string }) {
  const columns = [
    "number",
    "start",
    "end",
    "name",
    "email",
    "company",
    "topic",
    "status",
    "language",
    "booked",
  ] as const;
  return sheet(
    columns.map((name) => t(`panel.export.calls.${name}`)),
    calls.map((call) => {
      const held =
        call.status === "booked" && call.heldUntil !== null && call.heldUntil !== undefined;
      return [
        call.id,
        spreadsheetTime(call.start, lang),
        spreadsheetTime(call.end, lang),
        call.name,
        call.email,
        call.company ?? "",
        call.topic,
        t(`panel.calls.status.${held ? "held" : call.status}`),
        languageName(call.lang, lang),
        spreadsheetTime(call.createdAt, lang),
      ];
    }),
  );
}
