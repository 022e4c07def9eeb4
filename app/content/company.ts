import { siteConfig, type Language } from "~/config/site";

/** The company's country, named in `lang`. */
export function countryName(lang: Language): string {
  const { countryCode } = siteConfig.address;
  return new Intl.DisplayNames([lang], { type: "region" }).of(countryCode) ?? countryCode;
}

/** The registered address on one line. */
export function formatAddress(lang: Language): string {
  const { street, postalCode, locality, region } = siteConfig.address;
  return `${street}, ${postalCode} ${locality} (${region}), ${countryName(lang)}`;
}

/** The languages the team speaks, named and listed in `lang` ("Spanish, Catalan and English"). */
export function spokenLanguageList(lang: Language): string {
  const names = new Intl.DisplayNames([lang], { type: "language" });
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(
    siteConfig.spokenLanguages.map((code) => names.of(code) ?? code),
  );
}
