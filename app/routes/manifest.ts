import { siteConfig } from "#app/config/site.ts";
import { defaultLanguage } from "#app/routing/paths.ts";
import { brandColor, icons } from "#app/design/brand.ts";

/** /manifest.webmanifest, prerendered at build from the site config. */
export function loader() {
  const manifest = {
    name: siteConfig.name,
    short_name: siteConfig.name,
    lang: defaultLanguage,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: brandColor,
    icons: icons
      .filter((icon) => icon.manifest)
      .map(({ href, size }) => ({ src: href, sizes: `${size}x${size}`, type: "image/png" })),
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
