import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { plainHeaders } from "#server/security-headers.ts";

const textHeaders = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** A short plain-text error (its status's own words), with the security headers. */
export function answerPlain(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  { https, extra }: { https: boolean; extra?: Record<string, string> },
) {
  const text = STATUS_CODES[status] ?? "Error";
  res.writeHead(status, { ...plainHeaders(https), ...textHeaders, ...extra });
  res.end(req.method === "HEAD" ? undefined : text);
}

/**
 * The same answer written straight to a socket, for requests Node rejects before any
 * handler runs (malformed, too large, too slow, CONNECT). The connection is closed after.
 */
export function rawPlainAnswer(status: number, extra: Record<string, string> = {}): string {
  const text = STATUS_CODES[status] ?? "Error";
  const headers = {
    ...plainHeaders(false),
    ...textHeaders,
    ...extra,
    "Content-Length": String(Buffer.byteLength(text)),
    Connection: "close",
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n${text}`;
}
