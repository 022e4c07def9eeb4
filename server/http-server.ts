import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import proxyaddr from "proxy-addr";
import { clientNetwork } from "#app/contact/rate-limit.server.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { answerPlain, rawPlainAnswer } from "#server/plain-answer.ts";

/** The status Node's own rejection of a request stands for. */
export function clientErrorStatus(code: string | undefined): 400 | 408 | 413 | 431 {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return 413;
  return 400;
}

/**
 * The HTTP server, bounded so a slow or greedy client cannot hold it: the server may face
 * the internet without a proxy (the container image).
 */
export function createHttpServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  limits: Settings["server"],
  log: Logger,
) {
  // Answers not yet sent, and whether the server is closing (see `close` below).
  const unanswered = new Set<ServerResponse>();
  let closing = false;
  const server = createServer(
    {
      requestTimeout: limits.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeout: limits.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeout: limits.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      // How often those timeouts are checked: Node's 30 s would let each run up to 30 s late.
      connectionsCheckingInterval: 1000,
      // Refused below instead, with our headers: Node's own 400 has none.
      requireHostHeader: false,
    },
    (req, res) => {
      if (closing) res.setHeader("Connection", "close");
      else {
        unanswered.add(res);
        res.once("close", () => unanswered.delete(res));
      }
      // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused (1.0 may leave it out).
      if (req.httpVersion === "1.1" && req.headers.host === undefined) {
        answerPlain(req, res, 400, { https: false, extra: { Connection: "close" } });
        return;
      }
      handle(req, res);
    },
  );
  server.maxConnections = limits.MAX_CONNECTIONS;
  limitPerClient(server, limits, log);

  // Node answers these itself with a bare status line; ours carries the security headers.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection that is gone or already has an answer under way.
    const written = (socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0;
    if (error.code === "ECONNRESET" || !socket.writable || written > 0) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(error.code);
    log.info({ status, code: error.code }, "request refused");
    socket.end(rawPlainAnswer(status));
  });
  // An Expect other than 100-continue: Node would answer 417 itself, without our headers.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    log.info({ status: 417, expect: req.headers.expect }, "request refused");
    answerPlain(req, res, 417, { https: false, extra: { Connection: "close" } });
  });
  // A proxy tunnel is nothing this site offers.
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    log.info({ status: 405, method: "CONNECT" }, "request refused");
    socket.end(rawPlainAnswer(405, { Allow: "GET, HEAD, POST" }));
  });
  // At most a line a minute: a flood of connections must not become a flood of log lines.
  let warnedAt = -Infinity;
  server.on("drop", () => {
    if (performance.now() - warnedAt < 60_000) return;
    warnedAt = performance.now();
    log.warn({ max: limits.MAX_CONNECTIONS }, "connections refused: MAX_CONNECTIONS reached");
  });
  /**
   * Stops accepting, closes idle connections and lets the requests in flight finish. Their
   * answers, and those to requests that still arrive on open connections, say
   * `Connection: close`: Node would otherwise announce keep-alive and close the connection
   * right after, and a proxy (nginx keeps connections to this server open) could send its
   * next request into a connection being closed, which it cannot resend if it is a POST.
   */
  const close = () =>
    new Promise<void>((resolve) => {
      closing = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  return Object.assign(server, { closeGracefully: close });
}

/**
 * Whether a connection comes from a proxy TRUST_PROXY trusts (Express's reading of it, at the
 * first hop): it carries many visitors, so it is not limited as one client. A hop count trusts
 * whoever connects, so with one no connection is limited per client.
 */
function trustedProxy(setting: Settings["server"]["TRUST_PROXY"]): (address: string) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === "number") return () => setting > 0;
  const trusts = proxyaddr.compile(setting.split(",").map((part) => part.trim()));
  return (address) => trusts(address, 0);
}

/**
 * At most MAX_CONNECTIONS_PER_CLIENT connections open at once from one client (an IPv4 address,
 * an IPv6 /64); one more is closed at once. MAX_CONNECTIONS alone is one budget for everyone:
 * a probe holding 1,100 slow connections from one address had every other client's requests
 * refused for 25 s.
 */
function limitPerClient(
  server: ReturnType<typeof createServer>,
  limits: Settings["server"],
  log: Logger,
) {
  const max = Math.min(limits.MAX_CONNECTIONS_PER_CLIENT, limits.MAX_CONNECTIONS);
  const trusted = trustedProxy(limits.TRUST_PROXY);
  const open = new Map<string, number>();
  let warnedAt = -Infinity;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || trusted(address)) return;
    const client = clientNetwork(address);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      socket.destroy();
      // At most a line a minute, as for MAX_CONNECTIONS.
      if (performance.now() - warnedAt >= 60_000) {
        warnedAt = performance.now();
        log.warn({ max }, "connections refused: MAX_CONNECTIONS_PER_CLIENT reached by a client");
      }
      return;
    }
    open.set(client, count + 1);
    socket.once("close", () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}

/** The first descriptor systemd hands over (SD_LISTEN_FDS_START in sd-daemon.h). */
const firstInheritedFd = 3;

/**
 * Where to listen: the socket systemd hands over (deploy/site.socket), when LISTEN_PID names
 * this process; otherwise HOST and PORT.
 */
export function listenTarget(
  limits: Pick<Settings["server"], "HOST" | "PORT" | "LISTEN_FDS" | "LISTEN_PID">,
  pid = process.pid,
): { fd: number } | { port: number; host: string } {
  if (limits.LISTEN_FDS && limits.LISTEN_PID === pid) return { fd: firstInheritedFd };
  return { port: limits.PORT, host: limits.HOST };
}
