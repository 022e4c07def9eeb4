import type { IncomingHttpHeaders } from "node:http";
import Negotiator from "negotiator";

type Encoding = "br" | "gzip";

/**
 * The encoding to send from the request's Accept-Encoding (q-values, `*`, `identity`):
 * brotli, then gzip, else none. No header means no compression: old clients and tools.
 */
export function pickEncoding(
  headers: IncomingHttpHeaders,
  available: { br: boolean; gzip: boolean },
): Encoding | undefined {
  if (headers["accept-encoding"] === undefined) return undefined;
  const offered = [
    ...(available.br ? ["br"] : []),
    ...(available.gzip ? ["gzip"] : []),
    "identity",
  ];
  const chosen = new Negotiator({ headers }).encoding(offered, { preferred: offered });
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}
