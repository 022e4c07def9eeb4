import { createRequestHandler } from "@react-router/express";
import { constants } from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { askContext, type AskService } from "#app/ask/service.server.ts";
import { bookingContext, type BookingService } from "#app/booking/service.server.ts";
import { rateLimitAddress } from "#app/limits/rate-limit.server.ts";
import { requestContext, type ContactService } from "#app/contact/service.server.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { nonceRouterContext } from "#app/nonce.ts";
import { adminPath } from "#server/admin.ts";
import { rejectBadHost } from "#server/host-header.ts";
import { originGuard } from "#server/origin-guard.ts";
import { panelPath } from "#app/panel/paths.ts";
import { requestLog } from "#server/request-log.ts";
import { perRequestSecurityHeaders } from "#server/security-headers.ts";

/** Dynamic requests: form posts, React Router data, pages rendered per request. */
export function createExpressApp({
  build,
  trustProxy,
  contact,
  booking,
  ask,
  admin,
  panel,
  beforeSite,
  log,
}: {
  /** In development a function: Vite loads the build afresh for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The content editor, with its own headers (server/admin.ts). */
  admin: express.Router;
  /** The owner's panel, with its own headers and checks (server/panel.tsx). */
  panel: express.Router;
  /** Development: Vite's middleware (its modules, hot reload), before the site's routes. */
  beforeSite?: express.Handler;
  trustProxy: Settings["server"]["TRUST_PROXY"];
  contact: ContactService;
  booking: BookingService;
  ask: AskService;
  log: Logger;
}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  // Only pages rendered per request are compressed here (the built files are served
  // precompressed). Brotli at 5 instead of the library's 4: about 6% smaller for the same
  // few milliseconds, which keeps the booking page inside TCP's first flight (docs/performance.md).
  app.use(compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  // Development: Vite answers its modules (dozens a page, after its own Host check) before the
  // request log, which then lists the site's requests only.
  if (beforeSite) app.use(beforeSite);
  app.use(requestLog(log));
  app.use(rejectBadHost);
  app.use(adminPath, admin);
  app.use(panelPath, panel);
  app.use(perRequestSecurityHeaders);
  app.post(/.*/, originGuard);
  app.use(visitorsAuthority);
  app.use(
    createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        const clientKey = rateLimitAddress(req.ip, req.socket.remoteAddress);
        context.set(requestContext, { contact, clientKey });
        context.set(bookingContext, { booking, clientKey });
        context.set(askContext, { ask, clientKey });
        context.set(nonceRouterContext, { nonce: res.locals["nonce"] as string });
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
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Server error");
  }) satisfies express.ErrorRequestHandler);
  return app;
}

/**
 * React Router's Express adapter builds the request URL from the trusted X-Forwarded-Host's
 * name but, when it names no port, from the port of `Host`: behind a proxy that rewrites
 * `Host` to its upstream (`127.0.0.1:3000`) and forwards `X-Forwarded-Host: www.example.com`,
 * the URL became `https://www.example.com:3000` and React Router refused every form post as
 * cross-origin (400). It also reads X-Forwarded-Host's port from any client once "trust proxy"
 * is set at all. So the authority the visitor used, as Express reads it (the forwarded one only
 * from a trusted proxy), becomes `Host`, and X-Forwarded-Host is dropped.
 */
const visitorsAuthority: express.RequestHandler = (req, _res, next) => {
  const authority = req.host;
  if (authority) req.headers.host = authority;
  delete req.headers["x-forwarded-host"];
  next();
};

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
