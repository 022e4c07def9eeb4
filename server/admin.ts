// The content editor at /admin: its page and bundle from <build>/admin (read from disk: they
// are large and only the owner loads them), and its configuration, made at start from the
// content's shapes and the settings. Never indexed, framed or counted.
import path from "node:path";
import express from "express";
import type { EditorBackend } from "#app/admin/cms-config.server.ts";
import { baseSecurityHeaders, hstsHeader } from "#server/security-headers.ts";

export const adminPath = "/admin";

/** The git host's origins the editor talks to from the owner's browser, by backend. */
function hostOrigins({ CMS_BACKEND, CMS_API_ROOT, CMS_BASE_URL }: EditorBackend) {
  const origin = (url: string | undefined) => (url ? new URL(url).origin : undefined);
  switch (CMS_BACKEND) {
    case "github":
      return {
        connect: [origin(CMS_API_ROOT) ?? "https://api.github.com", "https://www.githubstatus.com"],
        img: ["https://*.githubusercontent.com"],
      };
    case "gitlab": {
      const gitlab = origin(CMS_API_ROOT) ?? origin(CMS_BASE_URL) ?? "https://gitlab.com";
      return {
        connect: [gitlab, "https://status-api.hostedstatus.com"],
        img: [gitlab, "https://secure.gravatar.com"],
      };
    }
    case "gitea": {
      const gitea = origin(CMS_API_ROOT) ?? origin(CMS_BASE_URL) ?? "https://gitea.com";
      return { connect: [gitea], img: [gitea] };
    }
    case "test-repo":
      return { connect: [], img: [] };
  }
}

/**
 * The editor's Content-Security-Policy (docs/security.md): its own scripts only, never
 * 'unsafe-eval'; inline styles, which its components set at run time; `blob:` and `data:`
 * for the images and files it previews; the git host's API. Nothing from any other site.
 */
function adminPolicy(backend: EditorBackend): string {
  const host = hostOrigins(backend);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...host.img].join(" "),
    "font-src 'self'",
    ["connect-src 'self' data: blob:", ...host.connect].join(" "),
    "worker-src 'self' blob:",
    "media-src 'self' blob:",
    "frame-src blob:",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Serves /admin, /admin/config.json and the editor's files; anything else under it is a 404. */
export function adminRouter({
  dir,
  backend,
  config,
}: {
  /** <build>/admin */
  dir: string;
  backend: EditorBackend;
  config: unknown;
}): express.Router {
  const policy = adminPolicy(backend);
  const configBody = JSON.stringify(config);
  const router = express.Router({ strict: true });
  router.use((req, res, next) => {
    res.set(baseSecurityHeaders);
    if (req.secure) res.set(hstsHeader);
    res.set({ "Content-Security-Policy": policy, "X-Robots-Tag": "noindex, nofollow" });
    next();
  });
  router.get("/", (_req, res) => {
    res.set("Cache-Control", "no-cache").sendFile(path.join(dir, "index.html"));
  });
  router.get("/config.json", (_req, res) => {
    res.set("Cache-Control", "no-cache").type("application/json").send(configBody);
  });
  // Hashed names (assets/index-3UOZeoBh.js, fonts/…-BqRLTx4X.woff2): kept for a year.
  router.use(
    express.static(dir, { index: false, immutable: true, maxAge: "1y", fallthrough: true }),
  );
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  return router;
}
