import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { articles } from "virtual:insights";
import * as build from "virtual:react-router/server-build";
import { requestContext, startContactService } from "~/contact/service.server";
import { loadSettings } from "~/contact/settings.server";
import { siteConfig } from "~/config/site";
import { builtAddressProblems, launchProblems } from "~/config/launch-check.server";
import { log } from "~/config/log.server";
import { nonceContext } from "~/nonce";
import {
  allPagePaths,
  defaultLanguage,
  dynamicPagePaths,
  parseLocalizedPath,
  publishedLanguages,
} from "~/routing/paths";
import { createHealthCheck } from "./health";
import { originGuard } from "./origin-guard";
import { normalisePath, splitTarget } from "./paths";
import { languageRedirect, redirect } from "./redirects";
import { requestLog } from "./request-log";
import { isHttps, perRequestPolicy, plainHeaders } from "./security-headers";
import { loadStaticFiles } from "./static-files";

// The build's prerenderer reads React Router's server build from this bundle's exports.
export * from "virtual:react-router/server-build";

/** This module is bundled to <build>/server/index.js; the browser files sit beside it. */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/**
 * Starts the site: reads the settings (a wrong one throws, naming it), loads the built
 * files, opens the contact system, and returns the request handler with a `stop` that
 * shuts the services down.
 */
export async function startSite(env: Record<string, string | undefined>) {
  const settings = loadSettings(env);

  // Go-live check (npm run check:launch): warn once, still start, since the shipped example must run.
  const problems = [
    ...launchProblems(siteConfig, env),
    ...builtAddressProblems(clientDir, siteConfig.siteUrl),
  ];
  if (problems.length) log.warn({ problems }, "not ready to go live: npm run check:launch");

  const files = loadStaticFiles(clientDir, [...allPagePaths(), ...articles.map((a) => a.path)]);
  const contact = await startContactService(settings, log);

  // Dynamic requests: form posts, React Router data, pages rendered per request.
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.TRUST_PROXY);
  const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const healthCheck = createHealthCheck({
    health: () => contact.health(),
    token: settings.HEALTH_TOKEN,
    trustsProxy,
    log,
  });
  app.use(compression());
  app.use(requestLog(log));
  app.use(perRequestPolicy);
  app.post(/.*/, originGuard);
  app.use(
    createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestContext, { contact, clientKey: req.ip ?? "unknown" });
        context.set(nonceContext, { nonce: res.locals["nonce"] as string });
        return context;
      },
    }),
  );
  // Last resort: a plain answer without details.
  app.use(((error, _req, res, next) => {
    const status = httpStatusOf(error);
    if (status >= 500)
      log.error({ err: error, requestId: res.locals["requestId"] }, "request failed");
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : "Server error");
  }) satisfies express.ErrorRequestHandler);

  // The 404 page is the same for every unknown URL of a language: render it once each.
  const render = createFetchHandler(build, "production");
  for (const lang of publishedLanguages()) {
    const prefix = lang === defaultLanguage ? "" : `/${lang}`;
    const response = await render(
      new Request(`http://localhost${prefix}/__not-found__`),
      new RouterContextProvider(),
    );
    files.setNotFoundPage(lang, await response.text());
  }

  const dynamicPages = new Set(dynamicPagePaths());

  /** Built files, redirects and the health check straight from memory; the rest to Express. */
  function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET" && req.method !== "HEAD") return app(req, res);
    const { pathname, search } = splitTarget(req.url ?? "/");
    const https = isHttps(req, trustsProxy);
    const verdict = normalisePath(pathname);
    if (verdict.kind === "redirect") {
      return redirect(res, 301, verdict.location, search, { https });
    }
    if (verdict.kind === "invalid") {
      if (files.serveNotFound(req, res, parseLocalizedPath(pathname).lang, https)) return;
      return app(req, res);
    }
    const url = verdict.path;
    if (files.has(url)) {
      const { lang, page } = parseLocalizedPath(url);
      if (page && lang === defaultLanguage) {
        const location = languageRedirect(page, lang, req.headers.cookie);
        if (location) {
          return redirect(res, 302, location, search, {
            https,
            extra: { "Cache-Control": "no-cache", Vary: "Cookie" },
          });
        }
        return files.serve(req, res, url, { https, extra: { Vary: "Accept-Encoding, Cookie" } });
      }
      return files.serve(req, res, url, { https });
    }
    if (url === "/healthz") return void healthCheck(req, res, https);
    if (url.startsWith("/assets/")) {
      res.writeHead(404, { ...plainHeaders(https), "Content-Type": "text/plain; charset=utf-8" });
      return res.end(req.method === "HEAD" ? undefined : "Not found");
    }
    // Pages rendered per request (the contact form's "sent" page) are React Router's.
    if (dynamicPages.has(url)) return app(req, res);
    // Not a file, not an endpoint or React Router data: the 404 page, from memory.
    const routerUrl = url.startsWith("/api/") || url.endsWith(".data") || url.startsWith("/__");
    if (!routerUrl && files.serveNotFound(req, res, parseLocalizedPath(url).lang, https)) return;
    app(req, res);
  }

  return { handle, stop: () => contact.stop() };
}

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
