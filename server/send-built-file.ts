import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import type { BuiltFile } from "#server/built-files.ts";
import { pickEncoding } from "#server/encoding.ts";
import { answerPlain } from "#server/plain-answer.ts";
import { preconditionsHold } from "#server/preconditions.ts";
import { hstsHeader } from "#server/security-headers.ts";

/** Answers a GET or HEAD with a file from memory, compressed as the client accepts. */
export function sendBuiltFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: BuiltFile,
  {
    status = 200,
    https,
    extra,
  }: { status?: number; https: boolean; extra?: Record<string, string> },
) {
  const encoding = pickEncoding(req.headers, { br: Boolean(file.br), gzip: Boolean(file.gz) });
  const body =
    (encoding === "br" ? file.br : encoding === "gzip" ? file.gz : undefined) ?? file.body;
  const headers: Record<string, string> = { ...file.headers, ...extra };
  if (https) Object.assign(headers, hstsHeader);
  headers["Content-Security-Policy"] = https ? file.csp.https : file.csp.http;
  if (encoding) headers["Content-Encoding"] = encoding;
  // Each encoding is a different representation, so it gets its own validator.
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  headers["ETag"] = etag;
  // Preconditions count only where the answer would be a 2xx (RFC 9110 §13.2.1), so
  // never on a 404 page. If-Match and If-Unmodified-Since come first (§13.2.2).
  if (
    status === 200 &&
    !preconditionsHold(req.headers, { etag, lastModified: file.lastModified })
  ) {
    return answerPlain(req, res, 412, { https });
  }
  // If-None-Match lists, weak validators and `*`, as RFC 9110 reads them; without it,
  // If-Modified-Since against Last-Modified.
  if (status === 200 && fresh(req.headers, { etag, "last-modified": file.lastModified })) {
    delete headers["Content-Encoding"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
