import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { LegalPage } from "#app/components/legal-page.tsx";
import { parseSettings } from "#app/config/settings.server.ts";
import { siteConfig, type Language } from "#app/config/site.ts";
import { formatAddress } from "#app/content/company.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { hasOwnText } from "#app/pages.ts";
import { statsRetentionMonths } from "#app/stats/retention.ts";
import { accessibilityStatement } from "#app/content/legal/accessibility-statement.tsx";
import { cookiePolicy } from "#app/content/legal/cookie-policy.tsx";
import { legalNotice } from "#app/content/legal/legal-notice.tsx";
import { privacyPolicy } from "#app/content/legal/privacy-policy.tsx";

function Policy({ lang }: { lang: "es" | "en" | "ca" }) {
  const Text = privacyPolicy[lang];
  return <Text />;
}

/** The text a reader sees, with tags removed and entities decoded. */
function text(element: ReactElement): string {
  return renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A legal page as a visitor in `lang` gets it: header, notes and text. */
function legalPage(lang: Language, page: "privacy" | "cookies" | "legal", versions: object) {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang, catalogue(lang))}>
      <LegalPage page={page} versions={versions as typeof legalNotice} />
    </I18nextProvider>,
  );
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
  it("names at least one language the company works in, each a language code", () => {
    expect(siteConfig.spokenLanguages.length).toBeGreaterThan(0);
    for (const code of siteConfig.spokenLanguages)
      expect(Intl.getCanonicalLocales(code)).toEqual([code]);
  });
});

describe("legal notice (LSSI-CE art. 10)", () => {
  const relation = siteConfig.brandsRelation;
  afterEach(() => {
    siteConfig.brandsRelation = relation;
  });
  const notice = () => text(<legalNotice.es />);

  it("exists in Spanish only", () => expect(Object.keys(legalNotice)).toEqual(["es"]));
  it("identifies the company", () => {
    for (const item of [
      siteConfig.legalName,
      siteConfig.taxId,
      formatAddress("es"),
      siteConfig.email,
      siteConfig.registry,
    ]) {
      expect(notice()).toContain(item);
    }
  });
  it("has terms of use and intellectual property", () => {
    expect(notice()).toContain("condiciones de uso");
    expect(notice()).toContain("Propiedad intelectual");
    expect(notice()).toContain(siteConfig.brands.lab);
  });
  it("says what the brands are in law, as the site config states it", () => {
    const { lab, consultancy } = siteConfig.brands;
    siteConfig.brandsRelation = "tradeNames";
    expect(notice()).toContain(
      `${lab} y ${consultancy} son nombres comerciales de ${siteConfig.legalName}`,
    );
    expect(notice()).toContain("signos distintivos de su titular");
    siteConfig.brandsRelation = "separateCompanies";
    expect(notice()).toContain(
      `${lab} y ${consultancy} son sociedades independientes de ${siteConfig.legalName}`,
    );
    expect(notice()).toContain("signos distintivos de sus respectivos titulares");
  });
});

describe("privacy policy (RGPD art. 13)", () => {
  it("exists in Spanish, English and Catalan", () => {
    expect(Object.keys(privacyPolicy).sort()).toEqual(["ca", "en", "es"]);
  });

  /** What every language version must say, in that language's wording. */
  const must: Record<"es" | "en" | "ca", string[]> = {
    es: [
      "artículo 6.1.f",
      "artículo 19 de la Ley Orgánica 3/2018",
      "artículo 6.1.b RGPD",
      "artículo 32 LOPDGDD",
      "bloqueados",
      "otros dos meses",
      "artículo 12.3 RGPD",
      "Agencia Española de Protección de Datos (AEPD)",
      "Si nos escribes directamente a",
      "LinkedIn Ireland Unlimited Company trata tus datos como responsable independiente",
      "No realizamos transferencias internacionales",
    ],
    en: [
      "Article 6(1)(f)",
      "Article 19 of Spain's Organic Law 3/2018",
      "Article 6(1)(b) GDPR",
      "Article 32 LOPDGDD",
      "blocked",
      "two further months",
      "Article 12(3) GDPR",
      "Spanish Data Protection Agency",
      "If you email us directly at",
      "LinkedIn Ireland Unlimited Company processes your data as an independent controller",
      "We do not transfer personal data internationally",
    ],
    ca: [
      "article 6.1.f",
      "article 19 de la Llei orgànica 3/2018",
      "article 6.1.b RGPD",
      "article 32 LOPDGDD",
      "bloquejades",
      "dos mesos més",
      "article 12.3 RGPD",
      "Agència Espanyola de Protecció de Dades (AEPD)",
      "Si ens escrius directament a",
      "LinkedIn Ireland Unlimited Company tracta les teves dades com a responsable independent",
      "No fem transferències internacionals",
    ],
  };

  for (const lang of ["es", "en", "ca"] as const) {
    const Policy = privacyPolicy[lang];
    const policy = text(<Policy />);
    it(`${lang}: names the controller, its address and how to reach it`, () => {
      for (const item of [
        siteConfig.legalName,
        siteConfig.taxId,
        siteConfig.email,
        formatAddress(lang),
      ]) {
        expect(policy).toContain(item);
      }
    });
    it(`${lang}: states the legal bases, blocking, the answer period, the AEPD and every channel`, () => {
      for (const phrase of must[lang]) expect(policy).toContain(phrase);
      expect(policy).toContain(siteConfig.legal.hostingProvider);
      expect(policy).toContain(siteConfig.legal.emailProvider);
    });
    it(`${lang}: states the retention the server applies and the owner's procedure apart`, () => {
      const { contactRetentionDays: days, backupRetentionDays: backups } = siteConfig.legal;
      expect(policy).toContain(
        `${days} ${lang === "en" ? "days" : lang === "ca" ? "dies" : "días"}`,
      );
      expect(policy).toContain(String(backups));
      expect(policy).toMatch(
        {
          es: /no se borran de forma automática/,
          en: /not deleted automatically/,
          ca: /no s'esborren automàticament/,
        }[lang],
      );
    });
  }

  it("gives the IP address its legal basis and the lifetime the rate limit applies", () => {
    const policy = text(<privacyPolicy.es />);
    const minutes = parseSettings({}).contact.RATE_LIMIT_WINDOW_SECONDS / 60;
    expect(policy).toMatch(/seguridad del servicio[^.]*\(artículo 6\.1\.f RGPD\)/);
    expect(policy).toContain(`durante el periodo del límite de envíos, de ${minutes} minutos`);
    expect(policy).toContain("Nunca se guarda junto con tu mensaje");
    expect(text(<privacyPolicy.en />)).toContain(`for the ${minutes}-minute period`);
    expect(text(<privacyPolicy.ca />)).toContain(`de ${minutes} minuts`);
  });
  it("says the proxy's access log holds no IP address", () => {
    const policy = text(<privacyPolicy.es />);
    expect(policy).toContain(
      "registra cada petición (fecha, página solicitada y resultado) sin la dirección IP",
    );
    expect(policy).toContain("se borra a los 14 días");
  });
  it.each([
    [
      "es",
      [
        "sin cookies y sin guardar nada en tu dispositivo",
        "No se guardan tu dirección IP, el identificador de tu navegador",
        "Global Privacy Control (GPC)",
        "utm_source, utm_medium y utm_campaign",
        "móvil, tableta u ordenador",
        "por nuestro interés legítimo en saber cómo se usa el sitio",
        "Agencia Española de Protección de Datos (2024)",
        `se conservan ${statsRetentionMonths} meses`,
      ],
    ],
    [
      "en",
      [
        "without cookies and without storing anything on your device",
        "Neither your IP address nor your browser's identifier is stored",
        "Global Privacy Control (GPC)",
        "legitimate interest in knowing how the website is used",
        `kept for ${statsRetentionMonths} months`,
      ],
    ],
    [
      "ca",
      [
        "sense galetes i sense desar res al teu dispositiu",
        "No es desen la teva adreça IP, l'identificador del teu navegador",
        "Global Privacy Control (GPC)",
        "interès legítim a saber com s'utilitza el lloc",
        `es conserven ${statsRetentionMonths} mesos`,
      ],
    ],
  ] as const)(
    "%s: says what the visit statistics count, without what, why and for how long",
    (lang, phrases) => {
      const policy = text(<Policy lang={lang} />);
      for (const phrase of phrases) expect(policy).toContain(phrase);
    },
  );
  it("lists every right", () => {
    const policy = text(<privacyPolicy.es />);
    for (const right of [
      "acceso",
      "rectificación",
      "supresión",
      "limitación",
      "oposición",
      "portabilidad",
    ]) {
      expect(policy).toContain(right);
    }
  });
});

describe("cookie policy", () => {
  it("exists in Spanish, English and Catalan", () => {
    expect(Object.keys(cookiePolicy).sort()).toEqual(["ca", "en", "es"]);
  });
  const published = publishedLanguages();
  const buttons = `(${published.map((code) => code.toUpperCase()).join(", ")})`;
  const prefixes = published
    .slice(1)
    .map((code) => `/${code}`)
    .join(", ");
  it.each([
    ["es", "una sola cookie", "No usamos cookies de analítica", `botones de idioma ${buttons}`],
    ["en", "a single cookie", "We use no analytics", `language buttons ${buttons}`],
    ["ca", "una sola galeta", "No fem servir galetes d'analítica", `botons d'idioma ${buttons}`],
  ] as const)(
    "%s: declares the language cookie only and the buttons that set it",
    (lang, one, none, set) => {
      const Policy = cookiePolicy[lang];
      const policy = text(<Policy />);
      for (const phrase of [one, none, set, "lang", `(${prefixes})`])
        expect(policy).toContain(phrase);
    },
  );
  it("says what an unprefixed URL shows and when the cookie redirects it", () => {
    const policy = text(<cookiePolicy.es />);
    expect(policy).toContain(
      "Las direcciones sin prefijo de idioma (por ejemplo, /contact) muestran las páginas en español",
    );
    expect(policy).toContain(
      "Si la cookie indica otro idioma, una dirección sin prefijo te lleva a la misma página en ese idioma",
    );
  });
});

describe("a legal page in the visitor's language", () => {
  it("shows the Spanish original with no note to a Spanish visitor", () => {
    const page = legalPage("es", "privacy", privacyPolicy);
    expect(page).toContain('<div lang="es"');
    expect(page).not.toContain(catalogue("es").legal.translationNote);
    expect(page).not.toContain(catalogue("es").legal.spanishNote);
  });

  for (const lang of ["en", "ca"] as const) {
    it(`${lang}: shows the translation, marked ${lang}, saying the Spanish one binds and linking to it`, () => {
      for (const [page, versions, path] of [
        ["privacy", privacyPolicy, "/privacy"],
        ["cookies", cookiePolicy, "/cookies"],
      ] as const) {
        const html = legalPage(lang, page, versions);
        expect(html).toContain(`<div lang="${lang}"`);
        expect(html).toContain(catalogue(lang).legal.translationNote.replace(/'/g, "&#x27;"));
        expect(html).toMatch(
          new RegExp(
            `<a href="${path}" hrefLang="es" data-language-choice="es"[^>]*>${catalogue(lang).legal.readSpanish}</a>`,
          ),
        );
      }
    });
    it(`${lang}: shows the Spanish legal notice, marked es, with the Spanish-only note`, () => {
      const html = legalPage(lang, "legal", legalNotice);
      expect(html).toContain('<div lang="es"');
      expect(html).toContain(catalogue(lang).legal.spanishNote.replace(/'/g, "&#x27;"));
      expect(html).not.toContain(catalogue(lang).legal.readSpanish);
    });
  }
});

describe("accessibility statement", () => {
  it("exists in all four languages", () => {
    expect(Object.keys(accessibilityStatement).sort()).toEqual(["ca", "de", "en", "es"]);
  });
  const today = new Date().toISOString().slice(0, 10);
  it.each([
    ["es", "parcialmente conforme", "El aviso legal está solo en español", "Real Decreto 193/2023"],
    [
      "en",
      "partially conformant",
      "The legal notice exists only in Spanish",
      "Royal Decree 193/2023",
    ],
    ["ca", "parcialment conforme", "L'avís legal només és en castellà", "Reial decret 193/2023"],
    [
      "de",
      "teilweise mit den WCAG 2.2",
      "Das Impressum gibt es nur auf Spanisch",
      "Dekrets 193/2023",
    ],
  ] as const)(
    "%s: target, honest status, limitations, feedback and the build's date",
    (lang, status, limitation, decree) => {
      const Statement = accessibilityStatement[lang];
      const statement = text(<Statement />);
      for (const phrase of [
        "WCAG",
        "2.2",
        "AA",
        "301 549",
        decree,
        status,
        limitation,
        siteConfig.email,
        siteConfig.legalName,
      ]) {
        expect(statement).toContain(phrase);
      }
      // Outside a build the review date is the day the text is rendered.
      const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(today),
      );
      expect(statement).toContain(date);
    },
  );
});

describe("notes above the text", () => {
  it("the accessibility statement, written in each language, says nothing about Spanish", () => {
    for (const lang of ["en", "ca"] as const) {
      const html = renderToStaticMarkup(
        <I18nextProvider i18n={createI18n(lang, catalogue(lang))}>
          <LegalPage page="accessibility" versions={accessibilityStatement} spanishBinds={false} />
        </I18nextProvider>,
      );
      for (const note of ["spanishNote", "translationNote"] as const) {
        expect(html).not.toContain(catalogue(lang).legal[note].replace(/'/g, "&#x27;"));
      }
    }
  });
});

describe("the cookie table", () => {
  it("labels every cell in every language, for the stacked rows on phones", () => {
    for (const Policy of Object.values(cookiePolicy)) {
      const cells = [...renderToStaticMarkup(<Policy />).matchAll(/<td([^>]*)>/g)];
      expect(cells.length).toBeGreaterThan(0);
      for (const [, attributes] of cells) expect(attributes).toMatch(/data-label="[^"]+"/);
    }
  });
});

describe("the page registry", () => {
  it("names, for search engines, exactly the languages each text is written in", () => {
    for (const [page, versions] of [
      ["privacy", privacyPolicy],
      ["cookies", cookiePolicy],
      ["legal", legalNotice],
      ["accessibility", accessibilityStatement],
    ] as const) {
      const written = siteConfig.languages.filter((lang) => hasOwnText(page, lang));
      expect(written, page).toEqual(siteConfig.languages.filter((lang) => lang in versions));
    }
  });
});
