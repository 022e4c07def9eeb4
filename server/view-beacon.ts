import type { IncomingMessage, ServerResponse } from "node:http";
import { plainHeaders } from "#server/security-headers.ts";

/** Where the page script sends its beacon after load (app/page-script.js). */
export const viewBeaconPath = "/api/view";

/** A beacon is a few hundred bytes; anything larger is not one and is not read. */
const maxBytes = 4096;

/**
 * Receives the page script's beacon: always 204 once the body has arrived, whatever it
 * holds, so it is never an error in the visitor's browser; `onBody` gets a body within the
 * limit. A larger one is answered at once and the connection closed.
 */
export function receiveBeacon(
  req: IncomingMessage,
  res: ServerResponse,
  https: boolean,
  onBody: (body: string) => void,
) {
  const answer = (extra: Record<string, string> = {}) => {
    if (res.headersSent) return;
    res.writeHead(204, { ...plainHeaders(https), "Cache-Control": "no-store", ...extra });
    res.end();
  };
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return answer({ Connection: "close" });
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
    else answer({ Connection: "close" });
  });
  req.on("error", () => res.destroy());
  req.on("end", () => {
    answer();
    if (size <= maxBytes) onBody(Buffer.concat(chunks).toString("utf8"));
  });
}
