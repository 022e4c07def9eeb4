import type { RequestHandler } from "express";
import { answerPlain } from "#server/plain-answer.ts";

/** Whether a Host value names a host and nothing more: `[`, `a%zz`, `a b`, `a/b` do not. */
export function isValidHost(value: string | undefined): boolean {
  if (!value) return false;
  const url = URL.parse(`http://${value}`);
  return (
    url !== null &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}

/**
 * Whether a request carries more than one Host line, which RFC 9112 §3.2 answers with 400:
 * Node keeps only the first in `req.headers`, while a proxy or cache in front may have read
 * another, so the two would disagree about which site was asked for.
 */
export function hasDuplicateHost(rawHeaders: readonly string[]): boolean {
  let seen = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() === "host" && ++seen > 1) return true;
  }
  return false;
}

/**
 * React Router builds each request's URL from the host and protocol Express reads (the
 * forwarded ones from a trusted proxy): one that is missing (HTTP/1.0) or not a host would
 * make that throw, so it gets a plain 400 first.
 */
export const rejectBadHost: RequestHandler = (req, res, next) => {
  if (isValidHost(req.host) && (req.protocol === "http" || req.protocol === "https")) return next();
  answerPlain(req, res, 400, { https: req.secure });
};
