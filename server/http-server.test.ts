import { describe, expect, it } from "vitest";
import { clientErrorStatus, listenTarget } from "#server/http-server.ts";
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
