// The owner's panel at /panel (app/panel): its own headers (a nonce-only script policy, never
// framed, never indexed, never cached), the passkey sign-in and enrolment, the session cookie,
// and the checks every change passes: a session, a same-origin post (server/origin-guard.ts)
// and the session's form token. Without a session every page answers 401 with the sign-in
// form, and every change 401, before any data is read.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import express from "express";
import Negotiator from "negotiator";
import { languages, type Language } from "#app/config/site.ts";
import type { RateLimitDecision } from "#app/contact/rate-limit.server.ts";
import { rateLimitAddress } from "#app/contact/rate-limit.server.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { csrfMatches, type PanelAuth, type PanelSession } from "#app/panel/auth.server.ts";
import panelCss from "#app/panel/panel.css?raw";
import passkeyScript from "#app/panel/passkey.js?inline-script";
import { relyingParty, type Passkeys } from "#app/panel/passkeys.server.ts";
import { assetsPath, panelPath, renderPage, type PageContext } from "#app/panel/views.tsx";
import { originGuard } from "#server/origin-guard.ts";
import { baseSecurityHeaders, hstsHeader } from "#server/security-headers.ts";

/**
 * The session cookie. `__Host-`: only ever set by this origin over a secure connection, for
 * the whole site, never for a parent domain. Chromium and Firefox count http://localhost as
 * secure, so the same name and attributes work on loopback (the tests run there).
 */
const sessionCookie = "__Host-panel";

/** @simplewebauthn/browser's bundle for a plain <script> (the package exports no file path). */
const webauthnBundle = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")),
    "../dist/bundle/index.umd.min.js",
  ),
);

const assets: Record<string, { type: string; body: string | Buffer }> = {
  "panel.css": { type: "text/css; charset=utf-8", body: panelCss },
  "passkey.js": { type: "text/javascript; charset=utf-8", body: passkeyScript },
  "webauthn.js": { type: "text/javascript; charset=utf-8", body: webauthnBundle },
};

function panelPolicy(nonce: string) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The panel speaks the owner's browser language among the site's catalogues; Spanish first. */
function languageOf(req: express.Request): Language {
  const found = new Negotiator(req).language([...languages]);
  return (found as Language | undefined) ?? "es";
}

function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === sessionCookie) return value.join("=") || undefined;
  }
  return undefined;
}

/** The panel's session a request carries, for the editor at /admin (server/admin.ts). */
export const sessionOfRequest = (auth: PanelAuth) => (req: express.Request) =>
  auth.session(cookieOf(req.headers.cookie));

export type PanelLocals = {
  context: PageContext;
  session: PanelSession | undefined;
  cookie?: string;
};

/** What a signed-in request carries to the sections' handlers. */
export const localsOf = (res: express.Response) => res.locals as PanelLocals;

/** The `:id` of a section's address (a message, a call, a person), or undefined if it is none. */
export function idOf(req: express.Request): number | undefined {
  const id = Number(req.params["id"]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The panel's 404: a bare line, naming nothing of what was asked for. */
export const notFound = (res: express.Response) =>
  void res.status(404).type("text/plain").send("Not found");

export function panelRouter({
  auth,
  passkeys,
  siteUrl,
  signInLimit,
  sections,
  keyed,
}: {
  auth: PanelAuth;
  passkeys: Passkeys;
  siteUrl: string;
  /** Counts one sign-in attempt of a client (the rate limit, shared by every server). */
  signInLimit: (clientKey: string) => Promise<RateLimitDecision>;
  /** The signed-in pages: messages, calls, numbers, site, people. */
  sections: (router: express.Router) => void;
  /** What answers without a session: only the calls' calendar feed, keyed by its secret address. */
  keyed: (router: express.Router) => void;
}): express.Router {
  const router = express.Router({ strict: false });
  router.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.set(baseSecurityHeaders);
    if (req.secure) res.set(hstsHeader);
    res.set({
      "Content-Security-Policy": panelPolicy(nonce),
      "X-Robots-Tag": "noindex, nofollow",
      "Cache-Control": "no-store",
    });
    const lang = languageOf(req);
    res.set("Content-Language", lang);
    const t = createI18n(lang, catalogue(lang)).t;
    res.locals["context"] = { t, lang, nonce } satisfies PageContext;
    next();
  });
  router.get("/assets/:name", (req, res) => {
    // Own names only: `constructor` or `__proto__` are no assets.
    const name = req.params["name"] ?? "";
    const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!asset) return notFound(res);
    // Small, and changed with each release: checked again on each visit.
    res.set("Cache-Control", "no-cache").type(asset.type).send(asset.body);
  });
  router.use(express.urlencoded({ extended: false, limit: "32kb" }));
  router.use(express.json({ limit: "64kb" }));
  // A body the parsers refused (malformed, too large): refused, not a server error.
  router.use(
    (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      const status = (error as { status?: unknown } | undefined)?.status;
      if (typeof status !== "number" || status >= 500) return void next(error);
      res.status(status).json({ reason: "refused" });
    },
  );
  // A post no parser read (no body, another type) has no `req.body` in Express 5.
  router.use((req, _res, next) => {
    req.body ??= {};
    next();
  });
  router.post(/.*/, originGuard);

  const rpOf = (req: express.Request) => relyingParty(siteUrl, `${req.protocol}://${req.host}`);
  const clientKey = (req: express.Request) => rateLimitAddress(req.ip, req.socket.remoteAddress);
  const startSession = (
    res: express.Response,
    person: { userId: number; email: string },
    action: "sign-in" | "enrol",
  ) =>
    auth.startSession(person.userId, person.email, action).then(({ cookie }) => {
      res.cookie(sessionCookie, cookie, {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "strict",
      });
      res.json({ to: panelPath });
    });

  // Every post of the sign-in and the enrolment counts against the sign-in limit, per client
  // network, whatever it holds and whatever its outcome (a probe's 6,547 garbage answers in ten
  // seconds were each checked and logged). A malformed post is still 400; past the limit a
  // well-formed one is 429. Refused attempts go to the audit log as one line per client and
  // reason per window, with a count (auth.refused).
  const attempts = [
    "/api/enrol/options",
    "/api/enrol/verify",
    "/api/sign-in/options",
    "/api/sign-in/verify",
  ];
  router.post(attempts, async (req, res, next) => {
    res.locals["attempt"] = await signInLimit(clientKey(req));
    next();
  });
  const limited = async (
    req: express.Request,
    res: express.Response,
    action: "sign-in-refused" | "enrol-refused",
  ) => {
    const decision = res.locals["attempt"] as RateLimitDecision;
    if (decision.allowed) return false;
    await auth.refused(clientKey(req), action, "rateLimited");
    res.set(decision.headers).status(429).json({ reason: "rateLimited" });
    return true;
  };
  /** A verification's body: the challenge's id and the authenticator's answer. */
  const answerOf = (req: express.Request) => {
    const { challengeId, response } = req.body as { challengeId?: unknown; response?: unknown };
    return typeof challengeId === "string" && typeof response === "object" && response
      ? { challengeId, response: response as never }
      : undefined;
  };

  // Enrolment: the invitation link's page, then the passkey.
  router.get("/enrol", async (req, res) => {
    const { context } = localsOf(res);
    const token = String(req.query["t"] ?? "");
    const email = token ? await auth.invitation(token) : undefined;
    const { t } = context;
    if (!email) {
      res
        .status(410)
        .send(
          renderPage(context, t("panel.enrol.expiredTitle"), <p>{t("panel.enrol.expired")}</p>),
        );
      return;
    }
    res.send(
      renderPage(
        context,
        t("panel.enrol.title"),
        <>
          <p>{t("panel.enrol.lead", { email })}</p>
          <PasskeyForm context={context} kind="enrol" token={token} />
        </>,
        passkeyScripts,
      ),
    );
  });
  router.post("/api/enrol/options", async (req, res) => {
    const { token } = req.body as { token?: unknown };
    if (typeof token !== "string") return void res.status(400).json({ reason: "refused" });
    if (await limited(req, res, "enrol-refused")) return;
    const made = await passkeys.enrolOptions(token, rpOf(req));
    if (!made) return void res.status(410).json({ reason: "expired" });
    res.json(made);
  });
  router.post("/api/enrol/verify", async (req, res) => {
    const answer = answerOf(req);
    if (!answer) return void res.status(400).json({ reason: "refused" });
    if (await limited(req, res, "enrol-refused")) return;
    const result = await passkeys.enrol(answer.challengeId, answer.response, rpOf(req));
    if (!result.ok) {
      // Logged only for a live challenge, which takes a good invitation.
      if (result.reason === "refused")
        await auth.refused(clientKey(req), "enrol-refused", "refused");
      return void res.status(result.reason === "expired" ? 410 : 400).json(result);
    }
    await startSession(res, result, "enrol");
  });

  router.post("/api/sign-in/options", async (req, res) => {
    if (await limited(req, res, "sign-in-refused")) return;
    res.json(await passkeys.signInOptions(rpOf(req)));
  });
  router.post("/api/sign-in/verify", async (req, res) => {
    const answer = answerOf(req);
    if (!answer) return void res.status(400).json({ reason: "refused" });
    if (await limited(req, res, "sign-in-refused")) return;
    const result = await passkeys.signIn(answer.challengeId, answer.response, rpOf(req));
    if (!result.ok) {
      await auth.refused(clientKey(req), "sign-in-refused", result.reason);
      return void res.status(401).json(result);
    }
    await startSession(res, result, "sign-in");
  });

  keyed(router);

  // Everything below needs a session: without one, a page is the sign-in form (401) and a
  // change is refused (401), before anything is read.
  router.use(async (req, res, next) => {
    const locals = localsOf(res);
    const cookie = cookieOf(req.headers.cookie);
    const session = await auth.session(cookie);
    if (!session) {
      const { context } = locals;
      res.status(401);
      if (req.method === "POST") return void res.type("text/plain").send("Unauthorized");
      return void res.send(
        renderPage(
          context,
          context.t("panel.signIn.title"),
          <>
            <p>{context.t("panel.signIn.lead")}</p>
            <PasskeyForm context={context} kind="sign-in" />
          </>,
          passkeyScripts,
        ),
      );
    }
    locals.session = session;
    if (cookie) locals.cookie = cookie;
    locals.context = { ...locals.context, session: { email: session.email, csrf: session.csrf } };
    // Every change carries the session's token: a form from another site cannot know it.
    if (req.method === "POST" && !csrfMatches(session, (req.body as { csrf?: unknown }).csrf)) {
      await auth.audit(session.email, "csrf-refused", req.path);
      return void res.status(403).type("text/plain").send("Forbidden");
    }
    next();
  });
  router.post("/sign-out", async (_req, res) => {
    const { session, cookie } = localsOf(res);
    if (session && cookie) await auth.signOut(cookie, session.email);
    res.clearCookie(sessionCookie, { path: "/", httpOnly: true, secure: true, sameSite: "strict" });
    res.redirect(303, panelPath);
  });
  router.post("/sign-out-everywhere", async (_req, res) => {
    const { session } = localsOf(res);
    if (session) await auth.signOutEverywhere(session.userId, session.email);
    res.clearCookie(sessionCookie, { path: "/", httpOnly: true, secure: true, sameSite: "strict" });
    res.redirect(303, panelPath);
  });
  sections(router);
  router.use((_req, res) => {
    notFound(res);
  });
  return router;
}

const passkeyScripts = [`${assetsPath}/webauthn.js`, `${assetsPath}/passkey.js`];

function PasskeyForm({
  context: { t },
  kind,
  token,
}: {
  context: PageContext;
  kind: "enrol" | "sign-in";
  token?: string;
}) {
  const prefix = kind === "enrol" ? "panel.enrol" : "panel.signIn";
  return (
    <form
      data-passkey={kind}
      data-token={token}
      data-working={t("panel.passkey.working")}
      data-refused={t("panel.passkey.refused")}
      data-expired={t("panel.passkey.expired")}
      data-rate-limited={t("panel.passkey.rateLimited")}
      data-cancelled={t("panel.passkey.cancelled")}
      data-unsupported={t("panel.passkey.unsupported")}
    >
      <button type="submit">{t(`${prefix}.button`)}</button>
      <p data-status role="status" className="status" />
      <noscript>
        <p>{t("panel.passkey.script")}</p>
      </noscript>
    </form>
  );
}
