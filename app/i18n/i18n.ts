import { createInstance, type i18n as I18n } from "i18next";
import { siteConfig, type Language } from "#app/config/site.ts";
import { countryName, formatLanguageNames } from "#app/content/company.ts";
import type { Messages } from "#app/i18n/messages.ts";

/** A language's whole catalogue, its parts merged (app/i18n/catalogues.server.ts). */
export type { Messages };

/**
 * Company facts every catalogue may interpolate, so that no catalogue repeats
 * them: `{{company}}`, `{{email}}`, `{{brandLab}}`, ... The legal texts use them too.
 */
export function companyVariables(lang: Language, messages: Messages) {
  return {
    company: siteConfig.name,
    legalName: siteConfig.legalName,
    email: siteConfig.email,
    area: siteConfig.area,
    // Per language, because the preposition and the article change with the place.
    inRegion: messages.company.inRegion,
    locality: siteConfig.address.locality,
    country: countryName(lang),
    brandLab: siteConfig.brands.lab,
    brandConsultancy: siteConfig.brands.consultancy,
    spokenLanguages: formatLanguageNames(siteConfig.spokenLanguages, lang),
  };
}

/**
 * One i18next instance per render, holding only `lang`'s catalogue. There is
 * deliberately no fallback language: a missing key shows the key itself.
 */
export function createI18n(lang: Language, messages: Messages): I18n {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    resources: { [lang]: { translation: messages } },
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false, defaultVariables: companyVariables(lang, messages) },
  });
  return instance;
}
