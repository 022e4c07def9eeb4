import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Headers every answer carries. */
export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  // Same-origin form posts keep their Origin header (React Router checks it); other sites
  // learn only our origin.
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

export const hstsHeader = { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" };

/**
 * The Content-Security-Policy of an HTML answer. Scripts run only from our origin or when
 * their hash or the response's nonce is listed: never 'unsafe-inline' nor 'unsafe-eval'.
 * Styles allow inline because the toast library injects its stylesheet at run time.
 */
export function contentSecurityPolicy(scriptSources: string[], https: boolean): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** 'sha256-…' sources for every executable inline script of a page. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g);
  const hashes = new Set<string>();
  for (const [, attributes, body] of scripts) {
    // Data blocks (JSON, JSON-LD) never run, so the policy does not apply to them.
    const type = attributes?.match(/\stype="([^"]*)"/)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
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
