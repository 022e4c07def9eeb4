// Draws the site's images at build time from the site config and the catalogues: the
// favicon (SVG and ICO), the touch and manifest icons, and one 1200 × 630 share image per
// published language. Run by react-router.config.ts after prerendering.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { siteConfig } from "#app/config/site.ts";
import { brandColor, icons, logoSvg, shareImageSize } from "#app/design/brand.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { articleImagePath, type Article } from "#app/insights/article-model.ts";
import { publishedLanguages } from "#app/routing/paths.ts";

const require = createRequire(import.meta.url);
const font = (weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
// The headings face, as on the site (satori reads WOFF, not WOFF2).
const headings = readFileSync(
  require.resolve("@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-800-normal.woff"),
);

function png(svg: string, width: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng());
}

/** An .ico holding one PNG image, as every browser accepts. */
function ico(pngImage: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(pngImage.length, 14);
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, pngImage]);
}

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/** A social card: the logo and name, a headline (the page's tagline or an article's title). */
async function shareImage(tagline: string, siteUrl: string, fontSize = 62): Promise<Buffer> {
  const host = new URL(siteUrl).host;
  // The mark exactly as the favicon draws it.
  const mark = {
    type: "img",
    props: {
      width: 96,
      height: 96,
      src: `data:image/svg+xml;base64,${Buffer.from(logoSvg(96)).toString("base64")}`,
    },
  };
  // Satori adds padding outside the given size: subtract it.
  const padding = 72;
  const tree = h(
    "div",
    {
      width: shareImageSize.width - 2 * padding,
      height: shareImageSize.height - 2 * padding,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding,
      color: "#ffffff",
      backgroundImage: `linear-gradient(135deg, ${brandColor} 0%, #0f3658 100%)`,
      fontFamily: "Inter",
    },
    [
      h("div", { display: "flex", alignItems: "center", gap: 28 }, [
        mark,
        h(
          "div",
          { fontSize: 64, fontWeight: 800, fontFamily: "Plus Jakarta Sans" },
          siteConfig.name,
        ),
      ]),
      h(
        "div",
        {
          fontSize,
          fontWeight: 800,
          fontFamily: "Plus Jakarta Sans",
          lineHeight: 1.12,
          maxWidth: 980,
        },
        tagline,
      ),
      h(
        "div",
        { display: "flex", justifyContent: "space-between", fontSize: 30, color: "#d9edfe" },
        [h("div", {}, `${siteConfig.address.locality}, ${siteConfig.area}`), h("div", {}, host)],
      ),
    ],
  );
  const svg = await satori(tree as never, {
    ...shareImageSize,
    fonts: [
      { name: "Inter", data: font(400), weight: 400, style: "normal" },
      { name: "Inter", data: font(700), weight: 700, style: "normal" },
      { name: "Plus Jakarta Sans", data: headings, weight: 800, style: "normal" },
    ],
  });
  return png(svg, shareImageSize.width);
}

/** `siteUrl` is the build's SITE_URL: the config file itself sees only the example address. */
export async function buildImages(
  clientDir: string,
  siteUrl: string,
  articles: readonly Article[],
) {
  const write = (file: string, data: string | Buffer) => {
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), data);
  };
  write("favicon.svg", logoSvg(32));
  write("favicon.ico", ico(png(logoSvg(32), 32), 32));
  for (const icon of icons)
    write(icon.href, png(logoSvg(icon.size, icon.manifest ? 8 : 0), icon.size));
  for (const lang of publishedLanguages()) {
    write(`og/${lang}.png`, await shareImage(catalogue(lang).home.hero.title, siteUrl));
  }
  // Article titles run longer than the taglines: a smaller size keeps them within the card.
  for (const article of articles) {
    write(articleImagePath(article).slice(1), await shareImage(article.title, siteUrl, 52));
  }
}
