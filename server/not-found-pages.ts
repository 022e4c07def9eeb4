import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Language } from "#app/config/site.ts";
import { defaultLanguage, publishedLanguages } from "#app/routing/paths.ts";
import { builtFile, type BuiltFile } from "#server/built-files.ts";

// Compressed on the thread pool, every language at once: done synchronously, the three pages'
// brotli copies held the start up for most of a second.
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The 404 page of each published language, rendered once at start: it is the same for
 * every unknown URL of a language, so it is answered from memory like a built file.
 */
export async function renderNotFoundPages(build: ServerBuild): Promise<Map<Language, BuiltFile>> {
  const render = createRequestHandler(build, "production");
  const pages = publishedLanguages().map(async (lang) => {
    const prefix = lang === defaultLanguage ? "" : `/${lang}`;
    const response = await render(
      new Request(`http://localhost${prefix}/__not-found__`),
      new RouterContextProvider(),
    );
    const body = Buffer.from(await response.text());
    const [br, gz] = await Promise.all([brotli(body), gzipped(body)]);
    return [
      lang,
      builtFile(body, { type: "text/html; charset=utf-8", cache: "no-cache", br, gz }),
    ] as const;
  });
  return new Map(await Promise.all(pages));
}
