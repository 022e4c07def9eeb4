import { brotliCompressSync, gzipSync } from "node:zlib";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Language } from "#app/config/site.ts";
import { defaultLanguage, publishedLanguages } from "#app/routing/paths.ts";
import { builtFile, type BuiltFile } from "#server/built-files.ts";

/**
 * The 404 page of each published language, rendered once at start: it is the same for
 * every unknown URL of a language, so it is answered from memory like a built file.
 */
export async function renderNotFoundPages(build: ServerBuild): Promise<Map<Language, BuiltFile>> {
  const render = createRequestHandler(build, "production");
  const pages = new Map<Language, BuiltFile>();
  for (const lang of publishedLanguages()) {
    const prefix = lang === defaultLanguage ? "" : `/${lang}`;
    const response = await render(
      new Request(`http://localhost${prefix}/__not-found__`),
      new RouterContextProvider(),
    );
    const body = Buffer.from(await response.text());
    pages.set(
      lang,
      builtFile(body, {
        type: "text/html; charset=utf-8",
        cache: "no-cache",
        br: brotliCompressSync(body),
        gz: gzipSync(body),
      }),
    );
  }
  return pages;
}
