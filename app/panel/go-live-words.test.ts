import { describe, expect, it } from "vitest";
import { launchItems, type LaunchItem } from "#app/config/launch-check.server.ts";
import { siteConfig } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { companyFieldLabel, goLiveLine, goLiveLines } from "#app/panel/go-live-words.ts";

const es = { t: createI18n("es", catalogue("es")).t, lang: "es" };

/** Words of English prose that Spanish never uses: a developer's message gives itself away. */
const english =
  /\b(the|is|not|still|add|put|own|check|build|stored|never|offers|no slot|placeholder|confirmed|without)\b/i;

describe("the go-live check in the owner's words", () => {
  const shipped = launchItems(
    siteConfig,
    { SMTP_URL: "", CONTACT_TO: "web@example.com", CONTACT_FROM: "Web <web@example.com>" },
    { caseStudies: 0, people: 0 },
    { BOOKING_CALENDAR_URL: [] },
  );
  const built: LaunchItem = { kind: "build", message: "no built site at /x: build it" };
  const lines = [...shipped, built].map((item) => goLiveLine(item, es, "/admin"));

  it("says once what several problems of the built files ask alike: to publish again", () => {
    const address: LaunchItem = { kind: "build", message: "built pages name another address" };
    const securityTxt: LaunchItem = { kind: "build", message: "security.txt has expired" };
    const said = goLiveLines([address, ...shipped, securityTxt], es, "/admin");
    expect(
      said.filter((line) => line.text.startsWith(goLiveLine(built, es, "/admin").text)),
    ).toHaveLength(1);
    expect(said).toHaveLength(new Set(lines.map((line) => line.text)).size);
  });

  it("says every item of the shipped example in Spanish, with no developer's English", () => {
    expect(shipped.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line.text).not.toMatch(english);
      expect(line.text).not.toMatch(/content\/|confirmedFacts|npm run/);
      if (line.link) expect(line.link.label).not.toMatch(english);
    }
  });

  it("links each fact to its entry in the editor, named by the editor's labels", () => {
    const legalName = goLiveLine(
      shipped.find((item) => item.kind === "placeholder" && item.field === "legalName")!,
      es,
      "/admin",
    );
    expect(legalName.text).toBe(
      `«Razón social» aún tiene el texto de ejemplo («${siteConfig.legalName}»): escribe el de la empresa.`,
    );
    expect(legalName.link?.href).toBe("/admin#/collections/site/entries/company");
    expect(companyFieldLabel("legal.hostingProvider")).toBe(
      "Datos legales › Proveedor de alojamiento",
    );
    const people = lines[shipped.findIndex((item) => item.kind === "noPeople")];
    expect(people?.link?.href).toBe("/admin#/collections/people/new");
    const region =
      lines[shipped.findIndex((item) => item.kind === "unconfirmed" && item.fact === "inRegion")];
    expect(region?.link?.href).toBe("/admin#/collections/texts/entries/company");
  });

  it("says the languages and the brands' kind in words", () => {
    const text = (fact: string) =>
      lines[shipped.findIndex((item) => item.kind === "unconfirmed" && item.fact === fact)]?.text;
    expect(text("spokenLanguages")).toContain("(«español, catalán, inglés, alemán»)");
    expect(text("brandsRelation")).toContain("(«nombres comerciales de la propia empresa»)");
  });

  it("tells who changes a setting of the server", () => {
    const smtp = lines[shipped.findIndex((item) => item.kind === "noSmtp")];
    expect(smtp?.text).toBe(
      "Los mensajes de contacto se guardan en el panel, pero no te llegan por correo: falta configurar el envío de correo (ajuste SMTP_URL). Lo cambia quien mantiene el servidor.",
    );
    expect(smtp?.link).toBeUndefined();
  });
});
