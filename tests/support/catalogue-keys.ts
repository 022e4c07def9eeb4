type Tree = { [key: string]: string | Tree };

/** Every key of a catalogue, dotted ("home.hero.title"), in the catalogue's order. */
export function keysOf(catalogue: object, prefix = ""): string[] {
  return Object.entries(catalogue as Tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}
