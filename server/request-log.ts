import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "#app/config/log.server.ts";

/**
 * The calendar feed's address is its key (server/panel-calls.tsx): logged without it, like
 * nginx's access log (deploy/nginx.conf).
 */
const redacted = (path: string) =>
  path.replace(/^\/panel\/calendar\/[^/]+\.ics$/, "/panel/calendar/*.ics");

/**
 * One log line per dynamic request, with an id the response carries too. Never a body,
 * a query string or an address: those may hold what a visitor typed or who they are.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    // Read now: a router mounted at /admin or /panel strips its prefix from `req.path`.
    const path = redacted(req.path);
    res.locals["requestId"] = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      log.info(
        {
          requestId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
    next();
  };
}
