import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  builtFilePolicy,
  contentSecurityPolicy,
  inlineHashes,
  plainHeaders,
} from "#server/security-headers.ts";
import { speculationRules } from "#server/speculation-rules.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy({ scripts: ["'sha256-s'"], styles: ["'nonce-n'"] }, false);
  const directives = new Map(
    policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
  );

  it("starts from nothing and lists every kind of resource explicitly", () => {
    expect(Object.fromEntries(directives)).toEqual({
      "default-src": "'none'",
      "script-src": `'self' 'sha256-s' ${speculationRules.hash}`,
      "style-src": "'self' 'nonce-n'",
      "img-src": "'self'",
      "font-src": "'self'",
      "connect-src": "'self'",
      "manifest-src": "'self'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(policy).not.toContain("unsafe");
  });

  it("allows the speculation rules as the page script adds them, and no other", () => {
    const file = readFileSync(new URL("../public/speculation-rules.json", import.meta.url), "utf8");
    const added = JSON.stringify(JSON.parse(file));
    expect(directives.get("script-src")?.split(" ")).toEqual(["'self'", "'sha256-s'", hash(added)]);
  });

  it("upgrades insecure requests over HTTPS only", () => {
    const https = contentSecurityPolicy({ scripts: [], styles: [] }, true);
    expect(https).toMatch(/; upgrade-insecure-requests$/);
  });
});

describe("inlineHashes", () => {
  it("hashes executable inline scripts and inline stylesheets, not data blocks or files", () => {
    const html =
      `<style nonce="x">p{color:red}</style><script>a()</script><script type="module">b()</script>` +
      `<script type="application/ld+json">{}</script><script src="/x.js"></script><script>a()</script>`;
    expect(inlineHashes(html)).toEqual({
      scripts: [hash("a()"), hash("b()")],
      styles: [hash("p{color:red}")],
    });
  });
});

describe("plainHeaders", () => {
  it("allow nothing to run and add HSTS over HTTPS only", () => {
    expect(plainHeaders(false)["Content-Security-Policy"]).toMatch(/^default-src 'none'/);
    expect(plainHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(plainHeaders(true)["Strict-Transport-Security"]).toMatch(/^max-age=31536000/);
    expect(plainHeaders(true)["X-Frame-Options"]).toBe("DENY");
  });
});

describe("builtFilePolicy", () => {
  it("lets a page run exactly its inline code and anything else run nothing", () => {
    const page = builtFilePolicy("text/html; charset=utf-8", Buffer.from("<script>1</script>"));
    expect(page.http).toMatch(/script-src 'self' 'sha256-/);
    expect(page.https).toContain("upgrade-insecure-requests");
    for (const type of ["text/javascript; charset=utf-8", "image/svg+xml", "text/plain"]) {
      const other = builtFilePolicy(type, Buffer.from("<script>1</script>"));
      expect(other.http, type).toBe(plainHeaders(false)["Content-Security-Policy"]);
      expect(other.https, type).toBe(other.http);
    }
  });
});
