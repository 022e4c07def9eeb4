import { createHash } from "node:crypto";
import rules from "#public/speculation-rules.json" with { type: "json" };

/**
 * Speculation Rules (`public/speculation-rules.json`): a browser that supports them
 * prerenders a same-origin page link once the visitor hovers or presses it, so the click
 * shows a page that is already there. The page script fetches the file once the page has been
 * painted and adds it as an inline rules script, written out as `JSON.stringify` writes it (a
 * `Speculation-Rules` header would have the browser fetch it at once, beside the page and its
 * font); every page's Content-Security-Policy allows exactly that script by its hash. The rules leave out the endpoints, the form's
 * "sent" pages, feeds and the language links (a language choice sets a cookie on the click,
 * which a page prerendered before it would not see).
 */
export const speculationRules = {
  url: "/speculation-rules.json",
  type: "application/speculationrules+json",
  hash: `'sha256-${createHash("sha256").update(JSON.stringify(rules)).digest("base64")}'`,
} as const;
