import { describe, expect, it } from "vitest";
import { request } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
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

/** The server's settings in these tests: the defaults, on a port of its own. */
const serverLimits = {
  HOST: "127.0.0.1",
  PORT: 0,
  REQUEST_TIMEOUT_SECONDS: 30,
  HEADERS_TIMEOUT_SECONDS: 10,
  KEEP_ALIVE_TIMEOUT_SECONDS: 10,
  MAX_CONNECTIONS: 1000,
  MAX_CONNECTIONS_PER_CLIENT: 100,
  TRUST_PROXY: false as false | number | string,
  LISTEN_FDS: undefined,
  LISTEN_PID: undefined,
};

describe("closing", () => {
  const limits = { ...serverLimits, MAX_CONNECTIONS: 100 };

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

// A thousand connections: generous time on a busy machine.
describe("one client's connections", { timeout: 30_000 }, () => {
  const limits = serverLimits;

  /** A GET from `localAddress` (each address of 127.0.0.0/8 is another client here). */
  const get = (port: number, localAddress: string) =>
    new Promise<number | undefined>((resolve) => {
      const req = request({ host: "127.0.0.1", port, localAddress, agent: false });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on("error", () => resolve(undefined));
      req.end();
    });

  async function serve(settings: typeof limits) {
    const server = createHttpServer(
      (_req, res) => void res.end("ok"),
      settings,
      pino({ level: "silent" }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  /** `count` connections from `localAddress` that send half a request's headers, then wait. */
  async function slowClient(port: number, localAddress: string, count: number) {
    const sockets: Socket[] = [];
    await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect({ host: "127.0.0.1", port, localAddress });
            sockets.push(socket);
            socket.on("error", () => resolve());
            socket.on("close", () => resolve());
            socket.on("connect", () => {
              socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
              resolve();
            });
          }),
      ),
    );
    return sockets;
  }

  it("cannot take every connection: another client's requests are still answered", async () => {
    // Found by a probe: 1,100 slow connections from one client, and 25 of 25 other clients'
    // requests were refused for 25 s.
    const { server, port } = await serve(limits);
    const sockets = await slowClient(port, "127.0.0.2", 1000);
    try {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, n) => get(port, `127.0.0.${10 + n}`)),
      );
      expect(answers).toEqual(Array<number>(25).fill(200));
      // The slow client keeps at most its share; the rest were closed at once.
      const open = await new Promise<number>((resolve) =>
        server.getConnections((_error, count) => resolve(count)),
      );
      expect(open).toBeLessThanOrEqual(limits.MAX_CONNECTIONS_PER_CLIENT);
    } finally {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("does not limit a proxy TRUST_PROXY trusts: it carries every visitor", async () => {
    const { server, port } = await serve({
      ...limits,
      MAX_CONNECTIONS_PER_CLIENT: 5,
      TRUST_PROXY: "127.0.0.2",
    });
    const proxy = await slowClient(port, "127.0.0.2", 20);
    const other = await slowClient(port, "127.0.0.3", 20);
    const open = (sockets: Socket[]) => sockets.filter((socket) => !socket.destroyed).length;
    try {
      // The other client's 15 over its limit are closed by the server; then every one of the
      // proxy's connections still answers.
      const closed = await new Promise<number>((resolve) => {
        let count = 20 - open(other);
        if (count === 15) resolve(count);
        for (const socket of other) {
          socket.once("close", () => {
            count += 1;
            if (count === 15) resolve(count);
          });
        }
      });
      expect(closed).toBe(15);
      const answered = await Promise.all(
        proxy.map(
          (socket) =>
            new Promise<boolean>((resolve) => {
              socket.once("data", (data) => resolve(String(data).startsWith("HTTP/1.1 200")));
              socket.once("close", () => resolve(false));
              socket.write("1\r\n\r\n");
            }),
        ),
      );
      expect(answered).toEqual(Array<boolean>(20).fill(true));
      expect(open(other)).toBe(5);
    } finally {
      for (const socket of [...proxy, ...other]) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
