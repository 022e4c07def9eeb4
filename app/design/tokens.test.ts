import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/**
 * Every text/background pair the components use meets WCAG AA (4.5:1 for text, 3:1 for
 * form-field borders and focus rings) in both colour schemes, read from the tokens themselves.
 */
const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");

function tokens(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name, value]) => [
      name!,
      value!,
    ]),
  );
}

const darkStart = css.indexOf("@media (prefers-color-scheme: dark)");
const light = tokens(css.slice(css.indexOf(":root"), darkStart));
const dark = { ...light, ...tokens(css.slice(darkStart, css.indexOf("@theme"))) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const surfaces = ["surface", "surface-muted", "surface-raised"];
const textPairs: [string, string[]][] = [
  ["text", [...surfaces, "brand-soft", "lab-soft", "consult-soft"]],
  ["text-muted", [...surfaces, "lab-soft", "consult-soft"]],
  ["brand-text", [...surfaces, "brand-soft"]],
  ["accent", [...surfaces, "accent-soft"]],
  // Each brand's own accent: its mark, tagline and link, on any surface and on its panel.
  ["lab", [...surfaces, "lab-soft"]],
  ["consult", [...surfaces, "consult-soft"]],
  ["danger", [...surfaces, "danger-soft"]],
  ["success", ["success-soft"]],
  ["on-brand", ["brand", "brand-hover"]],
  ["on-band", ["band"]],
  ["on-band-muted", ["band"]],
  ["band", ["on-band", "on-band-muted"]],
];
const uiPairs: [string, string[]][] = [
  ["border-strong", ["surface", "surface-raised", "surface-muted"]],
  ["ring", surfaces],
];

describe.each([
  ["light", light],
  ["dark", dark],
])("%s scheme", (_, scheme) => {
  test.each(textPairs)("%s is readable on its backgrounds", (fg, backgrounds) => {
    for (const bg of backgrounds) {
      expect(contrast(scheme[fg]!, scheme[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
  test.each(uiPairs)("%s stands out from its backgrounds", (fg, backgrounds) => {
    for (const bg of backgrounds) {
      expect(contrast(scheme[fg]!, scheme[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(3);
    }
  });
});

// Alternate sections, the call-to-action band and the footer must read as separate bands in
// the dark, where small differences between near-black surfaces disappear.
test.each([
  ["surface-muted", "surface"],
  ["band", "surface"],
  ["band", "surface-muted"],
])("dark: %s stands apart from %s", (a, b) => {
  expect(contrast(dark[a]!, dark[b]!)).toBeGreaterThanOrEqual(1.2);
});

// The brands' accents are their own: neither is the parent's blue or terracotta, nor the other's.
test.each([
  ["light", light],
  ["dark", dark],
])("%s: each brand has an accent of its own", (_, scheme) => {
  const accents = ["brand-text", "accent", "lab", "consult"].map((name) => scheme[name]);
  expect(new Set(accents).size).toBe(accents.length);
});
