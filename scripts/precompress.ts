// Writes brotli (.br) and gzip (.gz) copies of every compressible build file, so the server
// answers with the smallest encoding a browser accepts without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { cacheKey, type BuildCache } from "#scripts/build-cache.ts";

export const compressible = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest|ico)$/;

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Brotli at its highest quality takes nearly all the time (gzip a hundredth of it): the same
 * content (an asset, or a page no change touched) is compressed once, then taken from the cache.
 */
const brotli = (content: Buffer) =>
  brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });

export function precompress(clientDir: string, cache: BuildCache) {
  for (const file of filesUnder(clientDir)) {
    if (!compressible.test(file)) continue;
    const content = readFileSync(file);
    const br = cache.file(cacheKey("brotli", content), () => brotli(content));
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  }
}
