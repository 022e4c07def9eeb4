import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { speculationRules } from "#server/speculation-rules.ts";

/**
 * Headers every answer carries: pages, files, redirects, errors and the health check.
 * Written out rather than with helmet: most answers are sent without Express.
 */
export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  // Same-origin form posts keep their Origin header (the origin check reads it); other
  // sites learn only our origin.
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

export const hstsHeader = { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" };

/** The policy of an answer that is not a page (a file, a redirect, an error): nothing runs. */
const nothingPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The headers of an answer that is not a page, over HTTP or HTTPS. */
export function plainHeaders(https: boolean): Record<string, string> {
  return {
    ...baseSecurityHeaders,
    "Content-Security-Policy": nothingPolicy,
    ...(https ? hstsHeader : {}),
  };
}

/**
 * The Content-Security-Policy of an HTML answer: nothing unless listed. Inline scripts and
 * styles run only by hash (prerendered pages) or nonce (pages rendered per request); the
 * speculation rules the page script adds, by their hash.
 */
export function contentSecurityPolicy(
  inline: { scripts: string[]; styles: string[] },
  https: boolean,
): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...inline.scripts, speculationRules.hash].join(" "),
    ["style-src 'self'", ...inline.styles].join(" "),
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** 'sha256-…' sources for every executable inline script and every inline stylesheet of a page. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  for (const [, attributes, body] of html.matchAll(
    /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    // Data blocks (JSON, JSON-LD) never run, so the policy does not apply to them.
    const type = attributes?.match(/\stype="([^"]*)"/)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue;
    scripts.add(sha256(body ?? ""));
  }
  const styles = new Set<string>();
  for (const [, body] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    styles.add(sha256(body ?? ""));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * Whether the visitor reached us over HTTPS, directly or through a proxy that Express's
 * "trust proxy" setting trusts (`trusts` is Express's compiled "trust proxy fn").
 */
export function isHttps(
  req: IncomingMessage,
  trusts: (address: string, hop: number) => boolean,
): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trusts(req.socket.remoteAddress ?? "", 0)) return false;
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return proto === "https";
}

/**
 * The policy of a built file over HTTP and over HTTPS: a page allows exactly its own inline
 * scripts and styles; anything else (scripts, styles, images, text) runs nothing itself.
 */
export function builtFilePolicy(contentType: string, body: Buffer) {
  if (!contentType.startsWith("text/html")) return { http: nothingPolicy, https: nothingPolicy };
  const hashes = inlineHashes(body.toString("utf8"));
  return {
    http: contentSecurityPolicy(hashes, false),
    https: contentSecurityPolicy(hashes, true),
  };
}

/**
 * Answers rendered per request (form results, errors) allow only the inline scripts and
 * the stylesheet carrying this response's nonce; `res.locals.nonce` hands it to the renderer.
 */
export const perRequestSecurityHeaders: RequestHandler = (req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals["nonce"] = nonce;
  res.set(baseSecurityHeaders);
  if (req.secure) res.set(hstsHeader);
  const source = `'nonce-${nonce}'`;
  res.set(
    "Content-Security-Policy",
    contentSecurityPolicy({ scripts: [source], styles: [source] }, req.secure),
  );
  next();
};
