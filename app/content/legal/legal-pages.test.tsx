import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { parseSettings } from "~/config/settings.server";
import { formatAddress } from "~/content/company";
import { CookiePolicy } from "./cookie-policy";
import { LegalNotice } from "./legal-notice";
import { PrivacyPolicy } from "./privacy-policy";

/** The text a reader sees, with tags removed and entities decoded. */
function text(element: React.ReactElement): string {
  return renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("site config facts the legal pages need", () => {
  const required = {
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    taxId: siteConfig.taxId,
    registry: siteConfig.registry,
    street: siteConfig.address.street,
    postalCode: siteConfig.address.postalCode,
    locality: siteConfig.address.locality,
    region: siteConfig.address.region,
    countryCode: siteConfig.address.countryCode,
    email: siteConfig.email,
    siteUrl: siteConfig.siteUrl,
    lastUpdated: siteConfig.legal.lastUpdated,
    hostingProvider: siteConfig.legal.hostingProvider,
    emailProvider: siteConfig.legal.emailProvider,
  };
  for (const [field, value] of Object.entries(required)) {
    it(`${field} is filled in`, () => expect(value.trim()).not.toBe(""));
  }
  it("has a valid e-mail, an absolute site URL, a real date and a retention period", () => {
    expect(siteConfig.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
    expect(new URL(siteConfig.siteUrl).origin).toBe(siteConfig.siteUrl);
    expect(Number.isNaN(Date.parse(siteConfig.legal.lastUpdated))).toBe(false);
    expect(siteConfig.legal.contactRetentionDays).toBeGreaterThan(0);
  });
});

describe("legal notice (LSSI-CE art. 10)", () => {
  const notice = text(<LegalNotice />);
  it("identifies the company", () => {
    for (const item of [
      siteConfig.legalName,
      siteConfig.taxId,
      formatAddress("es"),
      siteConfig.email,
      siteConfig.registry,
    ]) {
      expect(notice).toContain(item);
    }
  });
  it("has terms of use and intellectual property", () => {
    expect(notice).toContain("condiciones de uso");
    expect(notice).toContain("Propiedad intelectual");
    expect(notice).toContain(siteConfig.brands.lab);
  });
});

describe("privacy policy (RGPD art. 13)", () => {
  const policy = text(<PrivacyPolicy />);
  it("names the controller and how to reach it", () => {
    for (const item of [siteConfig.legalName, siteConfig.taxId, siteConfig.email]) {
      expect(policy).toContain(item);
    }
  });
  it("states purpose, legal basis, recipients, transfers and the retention the server applies", () => {
    expect(policy).toContain("atender tu consulta");
    expect(policy).toContain("6.1.b");
    expect(policy).toContain(siteConfig.legal.hostingProvider);
    expect(policy).toContain(siteConfig.legal.emailProvider);
    expect(policy).toContain("No realizamos transferencias internacionales");
    expect(policy).toContain(`durante ${siteConfig.legal.contactRetentionDays} días`);
  });
  it("says what happens to the copies in the mailbox and in the backups", () => {
    const days = siteConfig.legal.contactRetentionDays;
    expect(policy).toContain(
      `esa copia se borra de nuestro buzón con el mismo plazo de ${days} días`,
    );
    expect(policy).toContain(
      `copias de seguridad de la base de datos se conservan ${siteConfig.legal.backupRetentionDays} días`,
    );
  });
  it("gives the IP address its legal basis and the lifetime the rate limit applies", () => {
    const minutes = parseSettings({}).contact.RATE_LIMIT_WINDOW_SECONDS / 60;
    expect(policy).toContain("interés legítimo en la seguridad del servicio");
    expect(policy).toMatch(/seguridad del servicio[^.]*\(artículo 6\.1\.f RGPD\)/);
    expect(policy).toContain(`durante el periodo del límite de envíos, de ${minutes} minutos`);
    expect(policy).toContain("Nunca se guarda junto con tu mensaje");
  });
  it("says the proxy's access log holds no IP address", () => {
    expect(policy).toContain(
      "registra cada petición (fecha, página solicitada y resultado) sin la dirección IP",
    );
    expect(policy).toContain("se borra a los 14 días");
  });
  it("lists every right and the complaint to the AEPD", () => {
    for (const right of [
      "acceso",
      "rectificación",
      "supresión",
      "limitación",
      "oposición",
      "portabilidad",
      "Agencia Española de Protección de Datos",
    ]) {
      expect(policy).toContain(right);
    }
  });
});

describe("cookie policy", () => {
  const policy = text(<CookiePolicy />);
  it("declares the language cookie only, and no analytics or third-party cookies", () => {
    expect(policy).toContain("una sola cookie");
    expect(policy).toContain("lang");
    expect(policy).toContain("No usamos cookies de analítica");
  });
  it("names the language buttons the site shows: one per published language", () => {
    const buttons = siteConfig.germanPublished ? "(ES, EN, CA, DE)" : "(ES, EN, CA)";
    expect(policy).toContain(`botones de idioma ${buttons}:`);
  });
});
