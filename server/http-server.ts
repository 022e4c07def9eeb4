import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
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
