import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import type { Language } from "~/config/site";
import { catalogues } from "~/lib/catalogues.server";
import { requestContext, startContactService } from "~/lib/contact/service.server";
import { loadSettings } from "~/lib/contact/settings.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
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

/** Prerendered page URL → its HTML file. */
const prerendered = new Map(
  allPagePaths().map((url) => [url, path.join(clientDir, url, "index.html")]),
);

/**
 * Starts the site: reads the settings (a wrong one throws, naming it), opens the contact
 * system and returns the Express app with a `stop` that shuts the services down.
 */
export function startSite(env: Record<string, string | undefined>) {
  const settings = loadSettings(env);
  const contact = startContactService(settings, log);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.TRUST_PROXY);
  app.use(compression());

  // One URL per page: no trailing slash, no visible index.html.
  app.use((req, res, next) => {
    const { pathname, search } = new URL(req.originalUrl, "http://localhost");
    let clean = pathname.replace(/\/index\.html$/, "/");
    if (clean.length > 1) clean = clean.replace(/\/+$/, "");
    if (clean !== pathname) return res.redirect(301, (clean || "/") + search);
    next();
  });

  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  );

  app.get(/.*/, (req, res, next) => {
    const file = prerendered.get(req.path);
    if (!file) return next();
    const { lang, page } = parseLocalizedPath(req.path);
    if (lang === defaultLanguage && page) {
      // An unprefixed URL follows the language the visitor chose earlier.
      res.vary("Cookie");
      const remembered = rememberedLanguage(req.headers.cookie);
      if (remembered && remembered !== defaultLanguage) {
        res.set("Cache-Control", "no-cache");
        return res.redirect(302, localizedPath(page, remembered));
      }
    }
    res.sendFile(file, { headers: { "Cache-Control": "no-cache" } });
  });

  app.use(express.static(clientDir, { index: false, redirect: false, maxAge: "1d" }));

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
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(requestContext, { contact, clientKey: req.ip ?? "unknown" });
        return context;
      },
    }),
  );

  // Last resort: a plain answer without details. Missing static files are 404s, not errors.
  app.use(((error, _req, res, next) => {
    const status = httpStatusOf(error);
    if (status >= 500) log.error({ err: error }, "request failed");
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : "Server error");
  }) satisfies express.ErrorRequestHandler);

  return { app, settings, stop: () => contact.stop() };
}

function rememberedLanguage(cookieHeader: string | undefined): Language | undefined {
  const value = cookieHeader?.match(/(?:^|;\s*)lang=([a-z]{2})(?:;|$)/)?.[1];
  return publishedLanguages().find((lang) => lang === value);
}

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
