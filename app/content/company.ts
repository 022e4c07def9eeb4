import { siteConfig, type Language } from "#app/config/site.ts";

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

/** Languages named in `lang` as one phrase: "español, catalán, inglés y alemán". */
export function formatLanguageNames(codes: readonly string[], lang: Language): string {
  const names = new Intl.DisplayNames([lang], { type: "language" });
  const name = (code: string) =>
    // Catalan in the Balearic Islands calls Spanish "castellà", as the legal pages do.
    lang === "ca" && code === "es" ? "castellà" : (names.of(code) ?? code);
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(codes.map(name));
}
