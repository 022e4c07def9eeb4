import { describe, expect, it } from "vitest";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { auditLine } from "#app/panel/audit-words.ts";

const words = (lang: "es" | "ca" | "en" | "de") => ({
  t: createI18n(lang, catalogue(lang)).t,
  lang,
});

describe("the activity log in the owner's words", () => {
  it("says a moved call's new time in Madrid, whether it was kept as a number or as ISO text", () => {
    const at = Date.parse("2026-12-04T10:00:00.000Z");
    for (const detail of [`1 ${at}`, "1 2026-12-04T10:00:00.000Z"]) {
      const line = auditLine({ action: "move-call", detail }, words("es"));
      expect(line).toBe("Cambió la llamada n.º 1 al 4 dic 2026, 11:00");
      expect(line).not.toMatch(/\d{4}-\d{2}-\d{2}T|Z\b|UTC/);
    }
  });

  it("counts in words that read as the language's own", () => {
    expect(auditLine({ action: "export", detail: "2" }, words("es"))).toBe("Exportó 2 mensajes");
    expect(auditLine({ action: "export", detail: "1" }, words("es"))).toBe("Exportó 1 mensaje");
    expect(auditLine({ action: "export-calls", detail: "3" }, words("ca"))).toBe(
      "Va exportar 3 trucades",
    );
    expect(auditLine({ action: "export", detail: "2" }, words("de"))).toBe(
      "Hat 2 Nachrichten exportiert",
    );
    expect(auditLine({ action: "sign-out-everywhere", detail: "1" }, words("en"))).toBe(
      "Signed out on every device (1 session ended)",
    );
  });

  it("names the message, the person, and never shows a stored detail as it is kept", () => {
    expect(auditLine({ action: "mark-answered", detail: "7" }, words("es"))).toBe(
      "Marcó como respondido el mensaje n.º 7",
    );
    expect(auditLine({ action: "remove-person", detail: "ana@example.com" }, words("es"))).toBe(
      "Quitó a ana@example.com del panel",
    );
    // A refused sign-in's reason and a refused post's path are for the server's log.
    expect(auditLine({ action: "sign-in-refused", detail: "unknown" }, words("es"))).toBe(
      "Se rechazó un intento de entrada",
    );
    expect(auditLine({ action: "csrf-refused", detail: "/messages/3/mark" }, words("es"))).toBe(
      "Se rechazó un cambio que no venía del panel",
    );
  });
});
