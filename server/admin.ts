// The content editor at /admin: its page and bundle from <build>/admin (read from disk: they
// are large and only the owner loads them), and its configuration, made at start from the
// content's shapes and the settings. Never indexed, framed or counted.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import express from "express";
import type { EditorBackend } from "#app/admin/cms-config.server.ts";
import { csrfMatches, type PanelSession } from "#app/panel/auth.server.ts";
import { panelPath } from "#app/panel/paths.ts";
import type { EditorAnswer, EditorPerson } from "#server/editor-backend.ts";
import { editorApiPath } from "#server/methods.ts";
import { originGuard } from "#server/origin-guard.ts";
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
    case "server":
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

/** The content files (text only: Markdown and JSON) by their path from the project's root. */
function contentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync("content", { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(md|json)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[file.split(path.sep).join("/")] = readFileSync(file, "utf8");
  }
  return files;
}

/** Whether the browser asked for this machine by a loopback name, as Sveltia checks it too. */
const onLoopback = (req: express.Request) =>
  ["localhost", "127.0.0.1", "[::1]", "::1"].includes(req.hostname);

/**
 * What /admin says where no repository is set (a fresh `npm start` on a server): which setting
 * is missing, in Spanish and English, instead of the editor's "errors in the configuration".
 */
const unconfiguredPage = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Editor sin configurar</title>
<style>body{font:1rem/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1.25rem;color:#1f2937}code{background:#f3f4f6;padding:0 .25rem;border-radius:.25rem}@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e5e7eb}code{background:#1e293b}}</style>
</head>
<body>
<main>
<h1>El editor aún no está configurado</h1>
<p>Para guardar los cambios, el editor necesita saber en qué repositorio está la web. Quien administra el servidor debe añadir al entorno del servidor el ajuste <code>CMS_REPO</code> (el repositorio, como <code>empresa/web</code>) y, si no es GitHub, <code>CMS_BACKEND</code>; después, reiniciar el servicio. Se explica en <code>docs/editing.md</code>.</p>
<p>En el propio ordenador (<code>http://localhost:3000/admin</code>), el editor trabaja sin más ajustes sobre la carpeta del proyecto.</p>
<h2 lang="en">The editor is not set up yet</h2>
<p lang="en">To save changes, the editor needs to know the site's repository. Whoever runs the server adds the setting <code>CMS_REPO</code> (the repository, such as <code>company/site</code>) and, for a host other than GitHub, <code>CMS_BACKEND</code> to the server's environment, then restarts the service: see <code>docs/editing.md</code>. On your own computer (<code>http://localhost:3000/admin</code>) the editor works on the project's folder with no setting.</p>
</main>
</body>
</html>
`;

/** What every editor address answers without the panel's session (CMS_BACKEND=server). */
const signInPage = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Entra en el panel para editar la web</title>
</head>
<body>
<main>
<h1>Entra en el panel para editar la web</h1>
<p>El editor se abre desde el panel, con tu llave de acceso: <a href="${panelPath}">entrar en el panel</a>.</p>
</main>
</body>
</html>
`;

/** The editor's backend on this server, behind the panel's session (server/editor-backend.ts). */
export type ServerEditor = {
  /** Answers one request of the editor as the signed-in person; rejects if the repository is unreachable. */
  handle: (
    body: { action?: unknown; params?: Record<string, unknown> },
    person: EditorPerson,
  ) => Promise<EditorAnswer>;
  /** The panel's session a request carries. */
  session: (req: express.Request) => Promise<PanelSession | undefined>;
  /** The largest request body: a picture's bytes in base64, and the entry beside it. */
  bodyLimit: number;
};

/** The header the editor's page sends the session's form token in (app/admin/editor.ts). */
const formTokenHeader = "x-panel-token";

/**
 * CMS_BACKEND=server: every address below needs the panel's session (a page: 401 with a
 * link to sign in; anything else: 401), and every request to the backend a same-origin
 * post with the session's form token.
 */
function serverEditorRoutes(router: express.Router, editor: ServerEditor) {
  router.use(async (req, res, next) => {
    const session = await editor.session(req);
    if (!session) {
      res.status(401).set("Cache-Control", "no-store");
      if (req.method === "GET" && (req.path === "/" || req.path === "")) {
        return void res.type("html").send(signInPage);
      }
      return void res.json({ error: "Tu sesión ha terminado: vuelve a entrar en el panel." });
    }
    res.locals["session"] = session;
    next();
  });
  router.get("/session.json", (_req, res) => {
    const session = res.locals["session"] as PanelSession;
    res.set("Cache-Control", "no-store").json({ token: session.csrf, email: session.email });
  });
  router.post(editorApiPath.slice(adminPath.length), originGuard, async (req, res) => {
    const session = res.locals["session"] as PanelSession;
    res.set("Cache-Control", "no-store");
    if (!csrfMatches(session, req.get(formTokenHeader))) {
      return void res
        .status(403)
        .json({ error: "Petición rechazada: vuelve a abrir el editor desde el panel." });
    }
    const parse = express.json({ limit: editor.bodyLimit });
    parse(req, res, async (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status ?? 400;
        return void res.status(status).json({
          error: status === 413 ? "El archivo es demasiado grande." : "Petición no válida.",
        });
      }
      try {
        const answer = await editor.handle(req.body as never, {
          email: session.email,
          sessionKey: session.csrf,
        });
        res.status(answer.status).json(answer.body);
      } catch {
        res.status(503).json({
          error:
            "No se ha podido guardar: el repositorio de la web no responde. Inténtalo de nuevo en unos minutos.",
        });
      }
    });
  });
}

/**
 * Serves /admin, /admin/config.json and the editor's files; anything else under it is a 404.
 * Without a repository, the editor works on the project's folder when opened on this machine
 * (Sveltia's "local repository", in Chromium browsers), and elsewhere a page says which
 * setting is missing.
 */
export function adminRouter({
  dir,
  backend,
  configFor,
  server,
}: {
  /** <build>/admin */
  dir: string;
  backend: EditorBackend;
  configFor: (backend: EditorBackend) => unknown;
  /** CMS_BACKEND=server: its backend, or none when no source repository is set. */
  server?: ServerEditor | undefined;
}): express.Router {
  const policy = adminPolicy(backend);
  const unconfigured =
    backend.CMS_BACKEND === "server"
      ? !server
      : backend.CMS_BACKEND !== "test-repo" && !backend.CMS_REPO;
  const configBody = JSON.stringify(configFor(backend));
  // Any repository name does for a local folder; the editor only asks that there is one.
  const localConfigBody = JSON.stringify(configFor({ ...backend, CMS_REPO: "local/site" }));
  // The trial backend starts from the site's own content (app/admin/editor.ts fills it).
  const trialBody = backend.CMS_BACKEND === "test-repo" ? JSON.stringify(contentFiles()) : null;
  const router = express.Router({ strict: true });
  router.use((req, res, next) => {
    res.set(baseSecurityHeaders);
    if (req.secure) res.set(hstsHeader);
    res.set({ "Content-Security-Policy": policy, "X-Robots-Tag": "noindex, nofollow" });
    next();
  });
  if (server) serverEditorRoutes(router, server);
  router.get("/", (req, res) => {
    res.set("Cache-Control", "no-cache");
    if (unconfigured && !onLoopback(req)) res.status(503).type("html").send(unconfiguredPage);
    else res.sendFile(path.join(dir, "index.html"));
  });
  router.get("/config.json", (req, res) => {
    res
      .set("Cache-Control", "no-cache")
      .type("application/json")
      .send(unconfigured && onLoopback(req) ? localConfigBody : configBody);
  });
  router.get("/trial-content.json", (_req, res) => {
    if (trialBody === null) res.status(404).type("text/plain").send("Not found");
    else res.set("Cache-Control", "no-cache").type("application/json").send(trialBody);
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
