import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import type { Language } from "~/config/site";
import { catalogues } from "~/lib/catalogues.server";
import { requestContext, startContactService } from "~/lib/contact/service.server";
import { loadSettings } from "~/lib/contact/settings.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { nonceContext } from "~/lib/nonce";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  hstsHeader,
  isHttps,
} from "./security-headers";
import { loadStaticFiles } from "./static-files";
import {
  allPagePaths,
  defaultLanguage,
  localizedPath,
  parseLocalizedPath,
  publishedLanguages,
} from "~/lib/site-paths";

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
  const files = loadStaticFiles(clientDir, allPagePaths());
  const contact = await startContactService(settings, log);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.TRUST_PROXY);
  const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  app.use(compression());
  // One log line per dynamic request, with an id the response carries too. Never a body,
  // a query string or an address: those may hold what a visitor typed.
  app.use((req, res, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    res.locals["requestId"] = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      log.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
    next();
  });
  // Dynamic answers (form results, errors) allow only the scripts carrying this response's nonce.
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals["nonce"] = nonce;
    res.set(baseSecurityHeaders);
    if (req.secure) res.set(hstsHeader);
    res.set("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], req.secure));
    next();
  });

  // Forms post only from our own pages. React Router would refuse a foreign origin with a
  // bare 400; this answers first, in the visitor's language.
  app.post(/.*/, (req, res, next) => {
    const origin = req.get("origin");
    if (origin === undefined || origin === `${req.protocol}://${req.get("host")}`) return next();
    const { lang } = parseLocalizedPath(req.path);
    res
      .status(403)
      .type("text/plain")
      .send(createI18n(lang, catalogues[lang]).t("contact.form.reasons.forbidden"));
  });

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

  /** Built files straight from memory; everything else goes through Express and React Router. */
  function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "GET" || req.method === "HEAD") {
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const pathname = query < 0 ? url : url.slice(0, query);
      const search = query < 0 ? "" : url.slice(query);
      const https = isHttps(req, trustsProxy);
      // One URL per page: no trailing slash, no visible index.html.
      let clean = pathname.replace(/\/index\.html$/, "/");
      if (clean.length > 1) clean = clean.replace(/\/+$/, "");
      if (clean !== pathname) {
        res.writeHead(301, { Location: (clean || "/") + search });
        return res.end();
      }
      if (files.has(pathname)) {
        const { lang, page } = parseLocalizedPath(pathname);
        if (page && lang === defaultLanguage) {
          // An unprefixed URL follows the language the visitor chose earlier.
          const remembered = rememberedLanguage(req.headers.cookie);
          if (remembered && remembered !== defaultLanguage) {
            res.writeHead(302, {
              Location: localizedPath(page, remembered),
              "Cache-Control": "no-cache",
              Vary: "Cookie",
            });
            return res.end();
          }
          files.serve(req, res, pathname, { https, extra: { Vary: "Accept-Encoding, Cookie" } });
          return;
        }
        files.serve(req, res, pathname, { https });
        return;
      }
      if (pathname === "/healthz") {
        // For a load balancer: 200 while the database answers; the outbox state for people.
        void contact.health().then((health) => {
          res.writeHead(health.database ? 200 : 503, {
            "Content-Type": "application/json; charset=utf-8",
            "Cache-Control": "no-store",
            ...baseSecurityHeaders,
          });
          res.end(JSON.stringify({ status: health.database ? "ok" : "unavailable", ...health }));
        });
        return;
      }
      if (pathname.startsWith("/assets/")) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", ...baseSecurityHeaders });
        return res.end("Not found");
      }
      // Not a file, not an endpoint or React Router data: the 404 page, from memory.
      if (
        !pathname.startsWith("/api/") &&
        !pathname.endsWith(".data") &&
        !pathname.startsWith("/__")
      ) {
        if (files.serveNotFound(req, res, parseLocalizedPath(pathname).lang, https)) return;
      }
    }
    app(req, res);
  }

  return { handle, stop: () => contact.stop() };
}

function rememberedLanguage(cookieHeader: string | undefined): Language | undefined {
  const value = cookieHeader?.match(/(?:^|;\s*)lang=([a-z]{2})(?:;|$)/)?.[1];
  return publishedLanguages().find((lang) => lang === value);
}

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
