import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "#app/config/log.server.ts";

/** Anything under the feed's folder, in any case, with repeated slashes. */
const feedFolder = /^\/+panel\/+calendar(?:\/|$)/i;

/**
 * The calendar feed's address is its key (server/panel-calls.tsx): logged without it, like
 * nginx's access log (deploy/nginx.conf), in every spelling that reaches the server: Express
 * matches paths without case, so `/panel/Calendar/KEY.ics`, `KEY.ICS`, `KEY` or `KEY.ics;x`
 * reached it and were logged whole (found by a probe). Read once percent-decoded, as a router
 * would.
 */
function redacted(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: read as it is.
  }
  return feedFolder.test(path) || feedFolder.test(decoded) ? "/panel/calendar/*" : path;
}

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
