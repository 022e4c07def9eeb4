// Images of articles: a file beside the Markdown becomes AVIF and WebP at a few widths,
// named by content hash, with its width and height so the page never shifts (CLS 0).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Element } from "hast";
import sharp from "sharp";
import type { ImageVariant } from "#app/insights/article-model.ts";

const maxWidth = 1200;
const widths = [480, 800, maxWidth];
const formats = ["avif", "webp"] as const;
/** The article column is at most 42rem wide. */
const sizes = "(min-width: 48rem) 42rem, 100vw";

/** A <picture> for a Markdown image, and the variants the build must write for it. */
export async function responsiveImage(
  markdownFile: string,
  { src, alt }: { src: string; alt: string },
): Promise<{ element: Element; variants: ImageVariant[] }> {
  if (!alt.trim())
    throw new Error(`image "${src}" has no alt text: write ![what it shows](${src})`);
  if (/^[a-z][a-z0-9+.-]*:|^\//i.test(src))
    throw new Error(`image "${src}" must be a file beside the article (a relative path)`);
  const source = path.resolve(path.dirname(markdownFile), src);
  const data = readFileSync(source);
  const { width: original, height: originalHeight } = await sharp(data).metadata();
  if (!original || !originalHeight) throw new Error(`image "${src}" has no size`);
  const hash = createHash("sha256").update(data).digest("hex").slice(0, 10);
  const name = path
    .basename(source, path.extname(source))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  // Never wider than the original: a small image gets one variant of its own width.
  const largestWidth = Math.min(original, maxWidth);
  const chosen = [...widths.filter((width) => width < largestWidth), largestWidth];
  const url = (format: string, width: number) =>
    `/insights/images/${name}-${hash}-${width}.${format}`;
  const variants = formats.flatMap((format) =>
    chosen.map((width) => ({ source, format, width, url: url(format, width) })),
  );
  const srcset = (format: string) =>
    variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(", ");
  const element: Element = {
    type: "element",
    tagName: "picture",
    properties: {},
    children: [
      ...formats.map((format): Element => ({
        type: "element",
        tagName: "source",
        properties: { type: `image/${format}`, srcSet: srcset(format), sizes },
        children: [],
      })),
      {
        type: "element",
        tagName: "img",
        properties: {
          src: url("webp", largestWidth),
          alt,
          width: largestWidth,
          height: Math.round((originalHeight * largestWidth) / original),
          // Articles open with their header: every image sits below the fold.
          loading: "lazy",
          decoding: "async",
        },
        children: [],
      },
    ],
  };
  return { element, variants };
}

/** Writes the variants into the built site (once each, whichever articles share them). */
export async function writeImageVariants(clientDir: string, variants: ImageVariant[]) {
  const unique = new Map(variants.map((variant) => [variant.url, variant]));
  for (const variant of unique.values()) {
    const file = path.join(clientDir, variant.url);
    mkdirSync(path.dirname(file), { recursive: true });
    const resized = sharp(variant.source).resize({ width: variant.width, height: variant.height });
    await (
      variant.format === "avif" ? resized.avif({ quality: 55 }) : resized.webp({ quality: 78 })
    ).toFile(file);
  }
}

/** A square photo as a page shows it: the largest WebP as fallback, a srcset per format. */
export type Photo = { src: string; srcSet: Record<(typeof formats)[number], string>; size: number };

/**
 * A square photo (a person's), cropped to its centre, for a box of `size` CSS pixels on
 * screens of one to three device pixels per CSS pixel (never larger than the original).
 */
export async function squarePhoto(
  source: string,
  size: number,
): Promise<{ photo: Photo; variants: ImageVariant[] }> {
  const data = readFileSync(source);
  const { width = 0, height = 0 } = await sharp(data).metadata();
  const side = Math.min(width, height);
  if (!side) throw new Error(`image "${source}" has no size`);
  const hash = createHash("sha256").update(data).digest("hex").slice(0, 10);
  const chosen = [...new Set([1, 2, 3].map((density) => Math.min(side, size * density)))];
  const variants = formats.flatMap((format) =>
    chosen.map((width) => ({
      source,
      format,
      width,
      height: width,
      url: `/people/images/${hash}-${width}.${format}`,
    })),
  );
  const srcSet = (format: string) =>
    variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(", ");
  const largest = variants.findLast((variant) => variant.format === "webp");
  return {
    photo: {
      src: largest?.url ?? "",
      srcSet: { avif: srcSet("avif"), webp: srcSet("webp") },
      size,
    },
    variants,
  };
}
