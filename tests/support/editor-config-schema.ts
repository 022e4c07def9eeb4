// The editor's (Sveltia CMS) own JSON schema of its configuration, as a validator: what the
// editor accepts, checked without a browser.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv from "ajv";

// Not among the package's exports: read beside its entry point (npm/index.js).
const entry = createRequire(import.meta.url).resolve("@sveltia/cms");
const schema = JSON.parse(
  readFileSync(path.join(path.dirname(entry), "../schema/sveltia-cms.json"), "utf8"),
) as object;

/** Validates an editor configuration; its `errors` say what is wrong. */
export const validateEditorConfig = new Ajv({ strict: false, validateFormats: false }).compile(
  schema,
);
