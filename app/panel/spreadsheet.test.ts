import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import type { OwnerMark, StoredMessage } from "#app/contact/store.server.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { callsSheet, messagesSheet, spreadsheetTime } from "#app/panel/spreadsheet.ts";

const es = { t: createI18n("es", catalogue("es")).t, lang: "es" };

/** 28 November 2026, 23:16:20 UTC: already the 29th, 00:16, in Madrid. */
const received = Date.parse("2026-11-28T23:16:20.971Z");

const message = (
  id: number,
  fields: Partial<StoredMessage & { ownerStatus: OwnerMark }>,
): StoredMessage & { ownerStatus: OwnerMark } => ({
  id,
  createdAt: received,
  lang: "es",
  name: "",
  email: "",
  message: "",
  status: "sent",
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: received,
  spamReason: null,
  suspicion: null,
  ownerStatus: "new",
  ...fields,
});

/** The file as a spreadsheet reads it: its first sheet's rows of cell texts. */
function cells(csv: string): string[][] {
  const book = XLSX.read(Buffer.from(csv, "utf8"), { type: "buffer", raw: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""];
  if (!sheet) throw new Error("no sheet");
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: "" });
}

describe("the panel's exports for a spreadsheet", () => {
  const csv = messagesSheet(
    [
      message(2, {
        name: "Marta Ferrà",
        email: "marta@example.es",
        lang: "ca",
        message: "Pressupost: 8.000 €; termini, gener.\nGràcies!",
        ownerStatus: "answered",
      }),
      message(1, {
        name: '=HYPERLINK("http://evil.example")',
        email: "x@example.com",
        message: "Hola",
        status: "failed",
      }),
    ],
    es,
  );

  it("starts with a byte-order mark and separates cells with semicolons", () => {
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.split("\r\n")[0]).toBe(
      '\uFEFF"N.º";"Recibido";"Nombre";"Correo electrónico";"Idioma";"Estado";"Mensaje";"Aviso por correo"',
    );
  });

  it("reads back as cells: accented names, amounts and Madrid times each in their own", () => {
    const [header, first, second] = cells(csv);
    expect(header).toEqual([
      "N.º",
      "Recibido",
      "Nombre",
      "Correo electrónico",
      "Idioma",
      "Estado",
      "Mensaje",
      "Aviso por correo",
    ]);
    expect(first).toEqual([
      "2",
      "29/11/2026 00:16",
      "Marta Ferrà",
      "marta@example.es",
      "Catalán",
      "Respondido",
      "Pressupost: 8.000 €; termini, gener.\nGràcies!",
      "Enviado",
    ]);
    // A formula is text, never run; the message's own mark and the mail's outcome in words.
    expect(second?.[2]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(second?.[5]).toBe("Nuevo");
    expect(second?.[7]).toBe("No se pudo enviar");
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it("exports the calls with their times, state and language", () => {
    const start = Date.parse("2026-12-04T10:00:00Z");
    const rows = cells(
      callsSheet(
        [
          {
            id: 1,
            createdAt: received,
            lang: "en",
            name: "José Núñez",
            email: "jose@example.com",
            company: "Cafès Pollença, S.L.",
            topic: "Facturas",
            start,
            end: start + 30 * 60_000,
            status: "booked",
            heldUntil: null,
          },
        ],
        es,
      ),
    );
    expect(rows[0]?.slice(0, 3)).toEqual(["N.º", "Empieza", "Acaba"]);
    expect(rows[1]).toEqual([
      "1",
      "04/12/2026 11:00",
      "04/12/2026 11:30",
      "José Núñez",
      "jose@example.com",
      "Cafès Pollença, S.L.",
      "Facturas",
      "Reservada",
      "Inglés",
      "29/11/2026 00:16",
    ]);
  });

  it("writes times as the owner's spreadsheet reads them, in Madrid's summer and winter", () => {
    expect(spreadsheetTime(Date.parse("2026-07-01T10:05:00Z"), "es")).toBe("01/07/2026 12:05");
    expect(spreadsheetTime(Date.parse("2026-01-01T10:05:00Z"), "ca")).toBe("01/01/2026 11:05");
    expect(spreadsheetTime(Date.parse("2026-01-01T10:05:00Z"), "de")).toBe("01.01.2026 11:05");
    expect(spreadsheetTime(null, "es")).toBe("");
  });
});
