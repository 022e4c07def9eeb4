/**
 * Speculation Rules (`public/speculation-rules.json`): a browser that supports them
 * prerenders a same-origin page link once the visitor hovers or presses it, so the click
 * shows a page that is already there. Sent as a header on every page, so the strict CSP
 * needs no inline script or hash for them; the file must be served with this type. The rules
 * leave out the endpoints, the form's "sent" pages, feeds and the language links (a language
 * choice sets a cookie on the click, which a page prerendered before it would not see).
 */
export const speculationRules = {
  url: "/speculation-rules.json",
  type: "application/speculationrules+json",
} as const;
