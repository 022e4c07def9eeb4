import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { LegalPage, legalTextIn } from "#app/components/legal-page.tsx";
import { parseSettings } from "#app/config/settings.server.ts";
import { siteConfig, type Language } from "#app/config/site.ts";
import { formatAddress } from "#app/content/company.ts";
import { legalFolders, type LegalPageId } from "#app/content/legal/legal-pages.ts";
import {
  loadLegalTexts,
  renderLegalText,
  writtenLanguages,
  type BuildFacts,
} from "#app/content/legal/texts.server.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { pageSeo } from "#app/routing/seo.ts";
import { statsRetentionMonths } from "#app/stats/retention.ts";

/** The build's facts; the day is fixed so that the statement's review date can be checked. */
const build: BuildFacts = {
  siteUrl: siteConfig.siteUrl,
  publishedLanguages: publishedLanguages(),
  buildDate: "2026-03-09",
};
const written = writtenLanguages();

/** A legal text rendered as the build renders it, from its file under content/legal/. */
function html(page: LegalPageId, lang: Language): Promise<string> {
  const file = `content/legal/${legalFolders[page]}/${lang}.md`;
  return renderLegalText(file, readFileSync(file, "utf8"), lang, build, written);
}

/** The text a reader sees, with tags removed and entities decoded. */
function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A legal page as a visitor in `lang` gets it: header, notes and text. */
async function legalPage(lang: Language, page: LegalPageId) {
  const versions = Object.fromEntries(
    await Promise.all(written[page].map(async (code) => [code, await html(page, code)] as const)),
  );
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang, catalogue(lang))}>
      <LegalPage
        page={page}
        text={legalTextIn(versions, lang)}
        spanishBinds={page !== "accessibility"}
      />
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
  const notice = async () => text(await html("legal", "es"));

  it("exists in Spanish only", () => expect(written.legal).toEqual(["es"]));
  it("identifies the company", async () => {
    for (const item of [
      siteConfig.legalName,
      siteConfig.taxId,
      formatAddress("es"),
      siteConfig.email,
      siteConfig.registry,
    ]) {
      expect(await notice()).toContain(item);
    }
  });
  it("has terms of use and intellectual property", async () => {
    expect(await notice()).toContain("condiciones de uso");
    expect(await notice()).toContain("Propiedad intelectual");
    expect(await notice()).toContain(siteConfig.brands.lab);
  });
  it("says what the brands are in law, as the site config states it", async () => {
    const { lab, consultancy } = siteConfig.brands;
    const tradeNames = `${lab} y ${consultancy} son nombres comerciales de ${siteConfig.legalName}`;
    const separate = `${lab} y ${consultancy} son sociedades independientes de ${siteConfig.legalName}`;
    siteConfig.brandsRelation = "tradeNames";
    let shown = await notice();
    expect(shown).toContain(tradeNames);
    expect(shown).toContain("signos distintivos de su titular.");
    expect(shown).not.toContain(separate);
    siteConfig.brandsRelation = "separateCompanies";
    shown = await notice();
    expect(shown).toContain(separate);
    expect(shown).toContain("signos distintivos de sus respectivos titulares.");
    expect(shown).not.toContain(tradeNames);
  });
});

describe("privacy policy (RGPD art. 13)", () => {
  it("exists in Spanish, English and Catalan", () => {
    expect(written.privacy).toEqual(["es", "en", "ca"]);
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
      "Article 19 of Spain’s Organic Law 3/2018",
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
    const policy = () => html("privacy", lang).then(text);
    it(`${lang}: names the controller, its address and how to reach it`, async () => {
      for (const item of [
        siteConfig.legalName,
        siteConfig.taxId,
        siteConfig.email,
        formatAddress(lang),
      ]) {
        expect(await policy()).toContain(item);
      }
    });
    it(`${lang}: states the legal bases, blocking, the answer period, the AEPD and every channel`, async () => {
      for (const phrase of must[lang]) expect(await policy()).toContain(phrase);
      expect(await policy()).toContain(siteConfig.legal.hostingProvider);
      expect(await policy()).toContain(siteConfig.legal.emailProvider);
    });
    it(`${lang}: states the retention the server applies and the owner's procedure apart`, async () => {
      const { contactRetentionDays: days, backupRetentionDays: backups } = siteConfig.legal;
      expect(await policy()).toContain(
        `${days} ${lang === "en" ? "days" : lang === "ca" ? "dies" : "días"}`,
      );
      expect(await policy()).toContain(String(backups));
      expect(await policy()).toMatch(
        {
          es: /no se borran de forma automática/,
          en: /not deleted automatically/,
          ca: /no s’esborren automàticament/,
        }[lang],
      );
    });
  }

  it("gives the IP address its legal basis and the lifetime the rate limit applies", async () => {
    const policy = text(await html("privacy", "es"));
    const minutes = parseSettings({}).contact.RATE_LIMIT_WINDOW_SECONDS / 60;
    expect(policy).toMatch(/seguridad del servicio[^.]*\(artículo 6\.1\.f RGPD\)/);
    expect(policy).toContain(`durante el periodo del límite de envíos, de ${minutes} minutos`);
    expect(policy).toContain("Nunca se guarda junto con tu mensaje");
    expect(text(await html("privacy", "en"))).toContain(`for the ${minutes}-minute period`);
    expect(text(await html("privacy", "ca"))).toContain(`de ${minutes} minuts`);
  });
  it("says the proxy's access log holds no IP address", async () => {
    const policy = text(await html("privacy", "es"));
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
        "Neither your IP address nor your browser’s identifier is stored",
        "Global Privacy Control (GPC)",
        "legitimate interest in knowing how the website is used",
        `kept for ${statsRetentionMonths} months`,
      ],
    ],
    [
      "ca",
      [
        "sense galetes i sense desar res al teu dispositiu",
        "No es desen la teva adreça IP, l’identificador del teu navegador",
        "Global Privacy Control (GPC)",
        "interès legítim a saber com s’utilitza el lloc",
        `es conserven ${statsRetentionMonths} mesos`,
      ],
    ],
  ] as const)(
    "%s: says what the visit statistics count, without what, why and for how long",
    async (lang, phrases) => {
      const policy = text(await html("privacy", lang));
      for (const phrase of phrases) expect(policy).toContain(phrase);
    },
  );
  it("lists every right", async () => {
    const policy = text(await html("privacy", "es"));
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
    expect(written.cookies).toEqual(["es", "en", "ca"]);
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
    ["ca", "una sola galeta", "No fem servir galetes d’analítica", `botons d’idioma ${buttons}`],
  ] as const)(
    "%s: declares the language cookie only and the buttons that set it",
    async (lang, one, none, set) => {
      const policy = text(await html("cookies", lang));
      for (const phrase of [one, none, set, "lang", `(${prefixes})`])
        expect(policy).toContain(phrase);
    },
  );
  it("says what an unprefixed URL shows and when the cookie redirects it", async () => {
    const policy = text(await html("cookies", "es"));
    expect(policy).toContain(
      "Las direcciones sin prefijo de idioma (por ejemplo, /contact) muestran las páginas en español",
    );
    expect(policy).toContain(
      "Si la cookie indica otro idioma, una dirección sin prefijo te lleva a la misma página en ese idioma",
    );
  });
});

describe("a legal page in the visitor's language", () => {
  it("shows the Spanish original with no note to a Spanish visitor", async () => {
    const page = await legalPage("es", "privacy");
    expect(page).toContain('<div lang="es"');
    expect(page).not.toContain(catalogue("es").legal.translationNote);
    expect(page).not.toContain(catalogue("es").legal.spanishNote);
  });

  for (const lang of ["en", "ca"] as const) {
    it(`${lang}: shows the translation, marked ${lang}, saying the Spanish one binds and linking to it`, async () => {
      for (const [page, path] of [
        ["privacy", "/privacy"],
        ["cookies", "/cookies"],
      ] as const) {
        const markup = await legalPage(lang, page);
        expect(markup).toContain(`<div lang="${lang}"`);
        expect(markup).toContain(catalogue(lang).legal.translationNote.replace(/'/g, "&#x27;"));
        expect(markup).toMatch(
          new RegExp(
            `<a href="${path}" hrefLang="es" data-language-choice="es"[^>]*>${catalogue(lang).legal.readSpanish}</a>`,
          ),
        );
      }
    });
    it(`${lang}: shows the Spanish legal notice, marked es, with the Spanish-only note`, async () => {
      const markup = await legalPage(lang, "legal");
      expect(markup).toContain('<div lang="es"');
      expect(markup).toContain(catalogue(lang).legal.spanishNote.replace(/'/g, "&#x27;"));
      expect(markup).not.toContain(catalogue(lang).legal.readSpanish);
    });
  }
});

describe("accessibility statement", () => {
  it("exists in all four languages", () => {
    expect(written.accessibility).toEqual(["es", "en", "ca", "de"]);
  });
  it.each([
    ["es", "parcialmente conforme", "El aviso legal está solo en español", "Real Decreto 193/2023"],
    [
      "en",
      "partially conformant",
      "The legal notice exists only in Spanish",
      "Royal Decree 193/2023",
    ],
    ["ca", "parcialment conforme", "L’avís legal només és en castellà", "Reial decret 193/2023"],
    [
      "de",
      "teilweise mit den WCAG 2.2",
      "Das Impressum gibt es nur auf Spanisch",
      "Dekrets 193/2023",
    ],
  ] as const)(
    "%s: target, honest status, limitations, feedback and the build's date",
    async (lang, status, limitation, decree) => {
      const statement = text(await html("accessibility", lang));
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
      const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(build.buildDate),
      );
      expect(statement).toContain(date);
    },
  );
});

describe("notes above the text", () => {
  it("the accessibility statement, written in each language, says nothing about Spanish", async () => {
    for (const lang of ["en", "ca"] as const) {
      const markup = await legalPage(lang, "accessibility");
      expect(markup).toContain(`<div lang="${lang}"`);
      for (const note of ["spanishNote", "translationNote"] as const) {
        expect(markup).not.toContain(catalogue(lang).legal[note].replace(/'/g, "&#x27;"));
      }
    }
  });
});

describe("the cookie table", () => {
  it("labels every cell in every language, for the stacked rows on phones", async () => {
    for (const lang of written.cookies) {
      const cells = [...(await html("cookies", lang)).matchAll(/<td([^>]*)>/g)];
      expect(cells.length).toBeGreaterThan(0);
      for (const [, attributes] of cells) expect(attributes).toMatch(/data-label="[^"]+"/);
    }
  });
});

describe("the languages a text is written in", () => {
  it("are its files: search engines are told exactly those, with no list in the code", async () => {
    const texts = await loadLegalTexts(build, { languages: [...siteConfig.languages] });
    for (const page of ["privacy", "cookies", "legal", "accessibility"] as const) {
      const text = legalTextIn(texts[page], "en");
      expect(text.written, page).toEqual(written[page]);
      const hreflangs = pageSeo(page, "en", text.written, siteConfig.languages).alternates.map(
        (alternate) => alternate.hreflang,
      );
      expect(hreflangs.filter((code) => code !== "x-default"), page).toEqual(written[page]);
    }
  });
});

describe("placeholders and sections", () => {
  const render = (source: string, lang: Language = "es") =>
    renderLegalText("content/legal/privacy/xx.md", source, lang, build, written);

  it("fails on an unknown placeholder, naming the file, the line and the placeholder", async () => {
    await expect(render("## 1. Datos\n\nTitular: {{legalNmae}}\n")).rejects.toThrow(
      /^content\/legal\/privacy\/xx\.md: line 3: unknown placeholder \{\{legalNmae\}\}; the known ones: .*legalName/,
    );
  });
  it("fails on an unknown or unclosed section, and on a malformed placeholder", async () => {
    await expect(render("{{#tradeName}}x{{/tradeName}}")).rejects.toThrow(
      /xx\.md: line 1: unknown placeholder \{\{#tradeName\}\}/,
    );
    await expect(render("a\n\n{{#tradeNames}}\nb\n")).rejects.toThrow(
      /xx\.md: line 3: \{\{#tradeNames\}\} is never closed/,
    );
    await expect(render("{{#tradeNames}}a{{/separateCompanies}}")).rejects.toThrow(
      /line 1: \{\{\/separateCompanies\}\} closes \{\{#tradeNames\}\} of line 1/,
    );
    await expect(render("{{legal name}}")).rejects.toThrow(
      /"\{\{legal name\}\}" is not a placeholder/,
    );
    await expect(render("{{tradeNames}}")).rejects.toThrow(/is a condition, not a text/);
  });
  it("fills facts in as text, never as Markdown or HTML", async () => {
    const legalName = siteConfig.legalName;
    try {
      siteConfig.legalName = "*Acme* <b>&</b> [x](javascript:alert(1))";
      const markup = await render("Titular: {{legalName}}, [{{email}}](mailto:{{email}})");
      expect(markup).toBe(
        `<p>Titular: *Acme* &#x3C;b>&#x26;&#x3C;/b> [x](javascript:alert(1)), <a href="mailto:${siteConfig.email}">${siteConfig.email}</a></p>`,
      );
    } finally {
      siteConfig.legalName = legalName;
    }
  });
  it("keeps a section's text when its fact is set, drops its line and marks a Spanish fact in a translation", async () => {
    const transfers = siteConfig.legal.internationalTransfers;
    const source = (fallback: string) =>
      `## 5.\n\n{{#internationalTransfers}}\n{{internationalTransfers}}\n{{/internationalTransfers}}\n{{^internationalTransfers}}\n${fallback}\n{{/internationalTransfers}}\n`;
    try {
      siteConfig.legal.internationalTransfers = "";
      expect(await render(source("None."), "en")).toBe("<h2>5.</h2>\n<p>None.</p>");
      siteConfig.legal.internationalTransfers = "Usamos un proveedor en EE. UU.";
      expect(await render(source("None."), "en")).toBe(
        '<h2>5.</h2>\n<p><span lang="es">Usamos un proveedor en EE. UU.</span></p>',
      );
      expect(await render(source("Ninguna."), "es")).toBe(
        "<h2>5.</h2>\n<p>Usamos un proveedor en EE. UU.</p>",
      );
      const policy = await html("privacy", "ca");
      expect(policy).toContain('<span lang="es">Usamos un proveedor en EE. UU.</span>');
      expect(policy).not.toContain("No fem transferències internacionals");
    } finally {
      siteConfig.legal.internationalTransfers = transfers;
    }
  });
  it("names a table with the paragraph 'Table: …' above it, for screen readers", async () => {
    const cookies = await html("cookies", "es");
    expect(cookies).toMatch(
      /<table>\s*<caption class="sr-only">Cookies que utiliza este sitio<\/caption>\s*<thead>\s*<tr>\s*<th scope="col">Nombre<\/th>/,
    );
    expect(cookies).not.toContain("Table:");
  });
});

describe("the legal texts' files", () => {
  it("are all rendered, and only the published languages' kept", async () => {
    const texts = await loadLegalTexts(build, { languages: ["es", "en"] });
    expect(Object.keys(texts.accessibility)).toEqual(["es", "en"]);
    expect(Object.keys(texts.legal)).toEqual(["es"]);
    expect(texts.privacy.en).toContain("<h2>1. Data controller</h2>");
  });
  it("carry no placeholder left unfilled, in any language", async () => {
    const texts = await loadLegalTexts({ ...build, publishedLanguages: siteConfig.languages });
    for (const versions of Object.values(texts))
      for (const markup of Object.values(versions)) expect(markup).not.toMatch(/\{\{|\}\}|%7B%7B/);
  });
});
