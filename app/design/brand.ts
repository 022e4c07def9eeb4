// Brand assets shared by the logo, the page head, the web manifest and the images drawn at
// build time. Imported by the build itself: relative imports only.
export const brandColor = "#0a5c99";

/** The browser bar colour of each colour scheme: the header's surface (`--surface` in app.css). */
export const themeColors = { light: "#ffffff", dark: "#0b1420" } as const;

/** The company mark on a 32 × 32 grid: a stroke and a dot, white on the brand colour. */
export const logoMark = {
  stroke: "M9 22c4-1 6-4 7-8 1 4 3 7 7 8",
  dot: { cx: 16, cy: 10, r: 2.5 },
} as const;

/** The mark as a standalone SVG document (favicon, icons). */
export function logoSvg(size: number, radius = 8): string {
  const { stroke, dot } = logoMark;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="${radius}" fill="${brandColor}"/>` +
    `<path d="${stroke}" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="#fff"/></svg>`
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
