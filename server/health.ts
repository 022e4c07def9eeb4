import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "#app/config/log.server.ts";
import { plainHeaders } from "#server/security-headers.ts";

type Details = { database: boolean } & Record<string, unknown>;

/**
 * `/healthz` for a load balancer and for people. Everyone gets `{ status }`, 200 while the
 * database answers, else 503. The details (outbox backlog, failures, the last delivery
 * error, which can name the mail host) go only to a client on this machine that connects
 * directly, or to one that sends `Authorization: Bearer <HEALTH_TOKEN>`. A connection from
 * a trusted proxy (TRUST_PROXY) always needs the token: a proxy on this machine that adds no
 * X-Forwarded-For would otherwise pass the world's requests off as local ones.
 */
export function createHealthCheck({
  health,
  token,
  trustsProxy,
  log,
}: {
  health: () => Details | Promise<Details>;
  token: string | undefined;
  /** Express's compiled "trust proxy": whether the socket's address is a trusted proxy. */
  trustsProxy: (address: string, hop: number) => boolean;
  log: Logger;
}) {
  const expected = token ? digest(`Bearer ${token}`) : undefined;

  function mayReadDetails(req: IncomingMessage): boolean {
    const authorization = req.headers.authorization;
    if (expected && authorization) return timingSafeEqual(digest(authorization), expected);
    // The socket's own address, never a forwarded one; a request that came through a
    // proxy on this machine is a request from outside.
    const address = req.socket.remoteAddress;
    return (
      isLoopback(address) &&
      !trustsProxy(address ?? "", 0) &&
      req.headers["x-forwarded-for"] === undefined &&
      req.headers["forwarded"] === undefined
    );
  }

  return async function answer(req: IncomingMessage, res: ServerResponse, https: boolean) {
    let details: Details | undefined;
    try {
      details = await health();
    } catch (error) {
      log.error({ err: error }, "health check failed");
    }
    const ok = details?.database === true;
    const status = ok ? "ok" : "unavailable";
    const body = mayReadDetails(req) ? { status, ...details } : { status };
    res.writeHead(ok ? 200 : 503, {
      ...plainHeaders(https),
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : JSON.stringify(body));
  };
}

/** Same-length inputs for timingSafeEqual, whatever the header's length. */
const digest = (text: string) => createHash("sha256").update(text).digest();

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}
