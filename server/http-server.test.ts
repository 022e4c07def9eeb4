import { describe, expect, it } from "vitest";
import { clientErrorStatus } from "#server/http-server.ts";
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
