type Tree = { [key: string]: string | Tree };

/** Every text of a catalogue with its dotted key ("home.hero.title"), in the catalogue's order. */
export function textsOf(catalogue: object, prefix = ""): [key: string, text: string][] {
  return Object.entries(catalogue as Tree).flatMap(([key, value]): [string, string][] =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : textsOf(value, `${prefix}${key}.`),
  );
}

/** Every key of a catalogue, dotted ("home.hero.title"), in the catalogue's order. */
export const keysOf = (catalogue: object, prefix = ""): string[] =>
  textsOf(catalogue, prefix).map(([key]) => key);
