// CSV that no spreadsheet runs as a formula, whichever separator its locale reads (`,`, `;`
// or tab), written by csv-stringify: the inbox's export (`npm run inbox -- export`) and the
// panel's exports for the office (app/panel/spreadsheet.ts).
import { stringify } from "csv-stringify/sync";
import { printableText } from "#app/text/printable.ts";

export type Cell = string | number | null;

/**
 * Every text cell is quoted, and a `'` goes before a formula start at the beginning of a cell
 * and after each separator or line break inside it, where a spreadsheet splitting on another
 * separator would start a cell. `bom`: a UTF-8 byte-order mark first, without which Excel
 * reads the file as the system's legacy code page ("FerrÃ ").
 */
export function safeCsv(
  header: readonly string[],
  rows: Cell[][],
  { delimiter = ",", bom = false }: { delimiter?: string; bom?: boolean } = {},
): string {
  // Cleaned first (a CSV is printed to a terminal as often as it is opened): line breaks
  // become \n, so only the `'` rule below decides what follows a separator.
  const defuse = (value: Cell) =>
    typeof value === "string"
      ? printableText(value).replace(/([,;\t\r\n])(?=[=+\-@\t\r])/g, "$1'")
      : value;
  return stringify([[...header], ...rows.map((row) => row.map(defuse))], {
    delimiter,
    bom,
    quoted_string: true,
    escape_formulas: true,
    record_delimiter: "windows",
  });
}
