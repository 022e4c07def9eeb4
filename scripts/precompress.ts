// Writes brotli (.br) and gzip (.gz) copies of every compressible build file, so the server
// answers with the smallest encoding a browser accepts without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const compressible = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest|ico)$/;

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

export function precompress(clientDir: string) {
  for (const file of filesUnder(clientDir)) {
    if (!compressible.test(file)) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  }
}
