// The index /ask answers from (app/ask): every prerendered page's passages, one file per
// language beside the browser files, never among them (no page ships a byte of it).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pagePassages } from "#app/ask/passages.server.ts";
import { askIndexFile, indexPassages, type Passage } from "#app/ask/search.ts";
import { filesUnder } from "#scripts/precompress.ts";

/**
 * Reads the pages under `clientDir` and writes each language's passages and search index.
 * Returns the index files' sizes (docs/performance.md).
 */
export function buildAskIndex(clientDir: string, buildDir: string) {
  const byLanguage = new Map<string, Passage[]>();
  for (const file of filesUnder(clientDir)
    .filter((name) => name.endsWith("index.html"))
    .sort()) {
    const html = readFileSync(file, "utf8");
    const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
    if (!lang) continue;
    const dir = path.relative(clientDir, path.dirname(file)).split(path.sep).join("/");
    const url = dir ? `/${dir}` : "/";
    const list = byLanguage.get(lang) ?? [];
    for (const passage of pagePassages(html, url)) list.push({ ...passage, id: list.length });
    byLanguage.set(lang, list);
  }
  const sizes: Record<string, number> = {};
  for (const [lang, passages] of byLanguage) {
    const file = askIndexFile(buildDir, lang);
    mkdirSync(path.dirname(file), { recursive: true });
    const text = JSON.stringify({ passages, index: indexPassages(lang, passages) });
    writeFileSync(file, text);
    sizes[lang] = Buffer.byteLength(text);
  }
  return sizes;
}
