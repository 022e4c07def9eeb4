import { describe, expect, it } from "vitest";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { clientErrorStatus, createHttpServer, listenTarget } from "#server/http-server.ts";
import { rawPlainAnswer } from "#server/plain-answer.ts";

describe("requests Node refuses itself", () => {
  it.each([
    ["ERR_HTTP_REQUEST_TIMEOUT", 408],
    ["HPE_HEADER_OVERFLOW", 431],
    ["HPE_CHUNK_EXTENSIONS_OVERFLOW", 413],
    ["HPE_INVALID_METHOD", 400],
    [undefined, 400],
  ])("%s answers %d", (code, status) => expect(clientErrorStatus(code)).toBe(status));

  it("are answered with a complete response carrying the security headers", () => {
    const text = rawPlainAnswer(405, { Allow: "GET, HEAD, POST" });
    const [head = "", body] = text.split("\r\n\r\n");
    const [statusLine, ...lines] = head.split("\r\n");
    expect(statusLine).toBe("HTTP/1.1 405 Method Not Allowed");
    const headers = Object.fromEntries(lines.map((line) => line.split(": ") as [string, string]));
    expect(headers).toMatchObject({
      Allow: "GET, HEAD, POST",
      "Content-Security-Policy": expect.stringContaining("default-src 'none'"),
      "X-Content-Type-Options": "nosniff",
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(body?.length),
      Connection: "close",
    });
    expect(body).toBe("Method Not Allowed");
  });
});

describe("where the server listens", () => {
  const server = { HOST: "127.0.0.1", PORT: 3000, LISTEN_FDS: undefined, LISTEN_PID: undefined };

  it("takes the socket systemd hands over (fd 3) when LISTEN_PID names this process", () => {
    expect(listenTarget({ ...server, LISTEN_FDS: 1, LISTEN_PID: 4242 }, 4242)).toEqual({ fd: 3 });
  });

  it("binds HOST and PORT itself otherwise, also for a socket meant for another process", () => {
    expect(listenTarget(server, 4242)).toEqual({ port: 3000, host: "127.0.0.1" });
    expect(listenTarget({ ...server, LISTEN_FDS: 1, LISTEN_PID: 17 }, 4242)).toEqual({
      port: 3000,
      host: "127.0.0.1",
    });
  });
});

describe("closing", () => {
  const limits = {
    HOST: "127.0.0.1",
    PORT: 0,
    REQUEST_TIMEOUT_SECONDS: 30,
    HEADERS_TIMEOUT_SECONDS: 10,
    KEEP_ALIVE_TIMEOUT_SECONDS: 10,
    MAX_CONNECTIONS: 100,
    TRUST_PROXY: false as const,
    LISTEN_FDS: undefined,
    LISTEN_PID: undefined,
  };

  it("finishes a request in flight, telling a proxy not to reuse the connection", async () => {
    let answer = () => {};
    let arrived = () => {};
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const server = createHttpServer(
      (_req, res) => {
        answer = () => res.end("done");
        arrived();
      },
      limits,
      pino({ level: "silent" }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const response = new Promise<{ connection?: string; status?: number }>((resolve) => {
      const req = request({ host: "127.0.0.1", port, headers: { connection: "keep-alive" } });
      req.on("response", (res) => {
        res.resume();
        resolve({ connection: res.headers.connection, status: res.statusCode });
      });
      req.end();
    });
    await inFlight;
    const closed = server.closeGracefully();
    answer();
    expect(await response).toEqual({ connection: "close", status: 200 });
    await closed;
  });
});
