/**
 * A language's name, in its own language unless another is given, as the platform's
 * language data (CLDR) writes it, capitalised as a label: "Català", in Spanish "Inglés".
 */
export function languageName(code: string, inLanguage: string = code): string {
  const name = displayNames(inLanguage).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
}

// Making an Intl.DisplayNames loads its locale data: one per language, kept (the switcher asks
// for every language's name on every page a build renders).
const namers = new Map<string, Intl.DisplayNames>();
function displayNames(inLanguage: string): Intl.DisplayNames {
  let namer = namers.get(inLanguage);
  if (!namer)
    namers.set(inLanguage, (namer = new Intl.DisplayNames([inLanguage], { type: "language" })));
  return namer;
}
