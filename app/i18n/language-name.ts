/**
 * A language's name, in its own language unless another is given, as the platform's
 * language data (CLDR) writes it, capitalised as a label: "Català", in Spanish "Inglés".
 */
export function languageName(code: string, inLanguage: string = code): string {
  const name = new Intl.DisplayNames([inLanguage], { type: "language" }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
}
