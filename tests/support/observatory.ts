import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The MDN HTTP Observatory reads two data files its own install would download (the HSTS
 * preload list, the TLD list); offline, empty ones do: no host here is preloaded.
 */
export function prepareObservatory() {
  const conf = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json")),
    "conf",
  );
  if (!existsSync(path.join(conf, "hsts-preload.json")))
    writeFileSync(path.join(conf, "hsts-preload.json"), "{}");
  if (!existsSync(path.join(conf, "tld-list.json")))
    writeFileSync(path.join(conf, "tld-list.json"), "[]");
}
