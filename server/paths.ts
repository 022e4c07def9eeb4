/** What the server does with a request path: serve it, send the visitor elsewhere, or 404. */
export type PathVerdict =
  { kind: "serve"; path: string } | { kind: "redirect"; location: string } | { kind: "invalid" };

/**
 * One URL per page: percent-encoding decoded once, repeated slashes collapsed, no trailing
 * slash, no visible `index.html`; any other form redirects to it. Hand-written, in one pass
 * (nothing to backtrack), and the location always starts with exactly one `/` and holds no
 * backslash, so no redirect can leave the site (`//evil.example`, `/\evil.example`).
 */
export function normalisePath(raw: string): PathVerdict {
  // Browsers percent-encode everything else; raw bytes outside printable ASCII would be
  // read back differently.
  if (/[^\x21-\x7e]/.test(raw)) return { kind: "invalid" };
  let decoded: string;
  try {
    decoded = raw.includes("%") ? decodeURIComponent(raw) : raw;
  } catch {
    return { kind: "invalid" };
  }
  let clean = "";
  let previous = -1;
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    // Control characters and backslashes have no place in our URLs; browsers read a
    // backslash as a slash, which is how `/\host` becomes another site.
    if (code < 0x20 || code === 0x7f || code === 0x5c) return { kind: "invalid" };
    if (code === 0x2f && previous === 0x2f) continue;
    previous = code;
    clean += decoded[i];
  }
  if (!clean.startsWith("/")) return { kind: "invalid" };
  // Trailing slashes and `index.html` in any mix (`/a/index.html/`), cut once at the end.
  let end = clean.length;
  for (;;) {
    if (end > 1 && clean.charCodeAt(end - 1) === 0x2f) end -= 1;
    else if (end >= 11 && clean.startsWith("/index.html", end - 11)) end -= 10;
    else break;
  }
  clean = clean.slice(0, end);
  const location = encodePath(clean);
  return location === raw ? { kind: "serve", path: clean } : { kind: "redirect", location };
}

/** A decoded path as it goes on the wire; `?` and `#` stay part of the path. */
function encodePath(path: string): string {
  return encodeURI(path).replaceAll("?", "%3F").replaceAll("#", "%23");
}

/** Splits a request target into its path and its query string (with the `?`, or empty). */
export function splitTarget(url: string): { pathname: string; search: string } {
  const query = url.indexOf("?");
  return query < 0
    ? { pathname: url, search: "" }
    : { pathname: url.slice(0, query), search: url.slice(query) };
}
