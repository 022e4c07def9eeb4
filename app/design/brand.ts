// Brand assets shared by the logo, the page head, the web manifest and the images drawn at
// build time.
export const brandColor = "#0a5c99";

/** The sun in the mark: the warm accent, light enough to glow on the brand blue. */
export const sunColor = "#f4b183";

/** The browser bar colour of each colour scheme: the header's surface (`--surface` in app.css). */
export const themeColors = { light: "#ffffff", dark: "#0b1420" } as const;

/**
 * The company mark on a 32 × 32 grid, white and sand on the brand blue: the ridge of the
 * Serra de Tramuntana (its highest peak on the right), the sea below it and the sun.
 * Strokes stay 2.5 units wide so the shape still reads at 16 px.
 */
export const logoMark = {
  ridge: "M5 21.5 11.5 12.5l3.5 4.5L20.5 8.5l6.5 13",
  sea: "M6 26c2.5-1.6 4.5-1.6 7 0s4.5 1.6 7 0 4.5-1.6 6 0",
  sun: { cx: 9, cy: 7.5, r: 2.75 },
} as const;

/** The mark as a standalone SVG document (favicon, icons, the share image). */
export function logoSvg(size: number, radius = 8): string {
  const { ridge, sea, sun } = logoMark;
  const line = `fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="${radius}" fill="${brandColor}"/>` +
    `<circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r}" fill="${sunColor}"/>` +
    `<path d="${ridge}" ${line}/><path d="${sea}" ${line}/></svg>`
  );
}

/** The share image (Open Graph) of each language. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** PNG icons drawn at build time; `manifest` ones are listed in the web manifest. */
export const icons = [
  { href: "/apple-touch-icon.png", size: 180, manifest: false },
  { href: "/icon-192.png", size: 192, manifest: true },
  { href: "/icon-512.png", size: 512, manifest: true },
] as const;
