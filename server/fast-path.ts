import type { IncomingMessage, ServerResponse } from "node:http";
import proxyaddr from "proxy-addr";
import type { Language } from "#app/config/site.ts";
import { rateLimitAddress } from "#app/contact/rate-limit.server.ts";
import { defaultLanguage, parseLocalizedPath } from "#app/routing/paths.ts";
import { panelPath } from "#app/panel/paths.ts";
import { adminPath } from "#server/admin.ts";
import type { BuiltFile } from "#server/built-files.ts";
import { hasDuplicateHost } from "#server/host-header.ts";
import { allowedMethods } from "#server/methods.ts";
import { normalisePath, splitTarget } from "#server/paths.ts";
import { answerPlain } from "#server/plain-answer.ts";
import { languageRedirect, redirect } from "#server/redirects.ts";
import { isHttps } from "#server/security-headers.ts";
import { sendBuiltFile } from "#server/send-built-file.ts";
import { receiveBeacon, viewBeaconPath } from "#server/view-beacon.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The query parameter that prefills the contact form's message (app/routes/contact.tsx). */
const prefillParameter = "message";

/** The visit counts' side of a request (app/stats/service.server.ts). */
type VisitCounter = {
  document(
    path: string,
    search: string,
    headers: IncomingMessage["headers"],
    notFound?: boolean,
  ): void;
  /** `clientAddress`: the client's, as `trustsProxy` allows reading it (its beacons are limited). */
  beacon(body: string, headers: IncomingMessage["headers"], clientAddress: string): void;
};

/**
 * Every request comes here first. Methods a URL does not take are refused; built files,
 * redirects, the 404 page and the health check are answered from memory; the rest (form
 * posts, React Router data, pages rendered per request) goes to `app`.
 */
export function createFastPath({
  files,
  notFoundPages,
  formPages,
  prefilledPages = new Set(),
  dynamicPages,
  healthCheck,
  trustsProxy,
  app,
  stats,
  renderMisses = false,
}: {
  files: ReadonlyMap<string, BuiltFile>;
  notFoundPages: ReadonlyMap<Language, BuiltFile>;
  /** Pages whose form posts to themselves. */
  formPages: ReadonlySet<string>;
  /**
   * Prerendered pages whose form a link may prefill (`/contact?message=…`, from /ask): with that
   * parameter they are rendered per request, so the text is in the HTML without JavaScript.
   */
  prefilledPages?: ReadonlySet<string>;
  /** Pages rendered per request (the contact form's "sent" page). */
  dynamicPages: ReadonlySet<string>;
  healthCheck: (req: IncomingMessage, res: ServerResponse, https: boolean) => Promise<void>;
  /** Express's compiled "trust proxy". */
  trustsProxy: (address: string, hop: number) => boolean;
  app: Handler;
  /** Counts page views and 404s as they are sent, and receives the page script's beacon. */
  stats?: VisitCounter;
  /**
   * Development (`npm run dev`): nothing is built, so whatever is not answered above the
   * built files (health check, redirects, beacon, refused methods) goes to `app`, where Vite
   * and React Router serve modules, pages, their data and the 404 page.
   */
  renderMisses?: boolean;
}): Handler {
  return function handle(req, res) {
    const { pathname, search } = splitTarget(req.url ?? "/");
    const https = isHttps(req, trustsProxy);
    if (hasDuplicateHost(req.rawHeaders)) return answerPlain(req, res, 400, { https });
    const verdict = normalisePath(pathname);
    const method = req.method ?? "GET";
    const allowed = allowedMethods(verdict.kind === "serve" ? verdict.path : pathname, formPages);
    if (!allowed.includes(method)) {
      return answerPlain(req, res, 405, { https, extra: { Allow: allowed.join(", ") } });
    }
    if (method === "POST" && pathname === viewBeaconPath) {
      // Read now, while the connection is surely open: a page being left may close it early.
      // A made-up forwarded value counts as the proxy's address, as for the contact form.
      const client = rateLimitAddress(proxyaddr(req, trustsProxy), req.socket.remoteAddress);
      return receiveBeacon(req, res, https, (body) => stats?.beacon(body, req.headers, client));
    }
    if (method !== "GET" && method !== "HEAD") return app(req, res);
    const counted = method === "GET" ? stats : undefined;

    const notFound = (lang: Language) => {
      const page = notFoundPages.get(lang);
      if (!page) return app(req, res);
      counted?.document(pathname, search, req.headers, true);
      sendBuiltFile(req, res, page, { status: 404, https });
    };
    if (verdict.kind === "redirect") {
      return redirect(res, 301, verdict.location, search, { https });
    }
    if (verdict.kind === "invalid") return notFound(parseLocalizedPath(pathname).lang);

    const url = verdict.path;
    if (prefilledPages.has(url) && new URLSearchParams(search).has(prefillParameter)) {
      return app(req, res);
    }
    const file = files.get(url);
    if (file) {
      const { lang, page } = parseLocalizedPath(url);
      if (page && lang === defaultLanguage) {
        const location = languageRedirect(page, lang, req.headers.cookie);
        if (location) {
          return redirect(res, 302, location, search, {
            https,
            extra: { "Cache-Control": "no-cache", Vary: "Cookie" },
          });
        }
        counted?.document(url, search, req.headers);
        return sendBuiltFile(req, res, file, {
          https,
          extra: { Vary: "Accept-Encoding, Cookie" },
        });
      }
      // Only pages count (the counter knows them by URL); files, feeds and assets do not.
      counted?.document(url, search, req.headers);
      return sendBuiltFile(req, res, file, { https });
    }
    if (url === "/healthz") return void healthCheck(req, res, https);
    if (renderMisses) return app(req, res);
    // The content editor: neither a page nor counted.
    if (url === adminPath || url.startsWith(`${adminPath}/`)) return app(req, res);
    // The owner's panel: rendered per request for the one signed in, never counted.
    // In any case, as Express routes it: never the 404 page, whose paths are counted (a
    // misspelt feed address would put its key among them).
    const lower = url.toLowerCase();
    if (lower === panelPath || lower.startsWith(`${panelPath}/`)) return app(req, res);
    if (url.startsWith("/assets/")) return answerPlain(req, res, 404, { https });
    if (dynamicPages.has(url)) return app(req, res);
    // React Router's data for a page (`/contact.data`, `/_root.data` for the home page); any
    // other `.data` URL (`/sitemap.xml.data`, a feed's, an unknown page's) has no page data,
    // and would otherwise be rendered per request only to say so.
    if (url.endsWith(".data")) {
      const page = url.slice(0, -".data".length).replace(/^\/_root$/, "/");
      const isPage =
        dynamicPages.has(page) || files.get(page)?.headers["Content-Type"]?.startsWith("text/html");
      return isPage ? app(req, res) : answerPlain(req, res, 404, { https });
    }
    // Not a file, not an endpoint, not React Router data: the 404 page.
    const routerUrl = url.startsWith("/api/") || url.startsWith("/__");
    if (routerUrl) return app(req, res);
    notFound(parseLocalizedPath(url).lang);
  };
}
