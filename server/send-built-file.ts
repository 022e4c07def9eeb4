import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import type { BuiltFile } from "./built-files";
import { pickEncoding } from "./encoding";
import { hstsHeader } from "./security-headers";

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
  // If-None-Match lists, weak validators and `*`, as RFC 9110 reads them.
  if (status === 200 && fresh(req.headers, { etag })) {
    delete headers["Content-Encoding"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
