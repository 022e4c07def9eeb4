// Writes app/i18n/messages.ts, the catalogue's type, from the default language's catalogue
// files (one property per file): run by `npm run typecheck`, so a new file in
// content/locales/<code>/ needs no code to be typed.
import { readFileSync, writeFileSync } from "node:fs";
import { messagesTypeSource } from "#app/i18n/catalogues.server.ts";

const file = "app/i18n/messages.ts";
const source = messagesTypeSource();
let current = "";
try {
  current = readFileSync(file, "utf8");
} catch {
  // Written below.
}
if (current !== source) writeFileSync(file, source);
