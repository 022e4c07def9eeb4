import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { speculationRules } from "#server/speculation-rules.ts";

/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of `target`: it tells `onRequest` what the
 * browser asked for (with its headers) and can withhold the speculation rules (their file
 * answers 404, so the page script adds none), to compare the site with and without them.
 */
export async function startProxy(
  target: string,
  options: {
    speculationRules?: boolean;
    onRequest?: (request: { url: string; headers: IncomingHttpHeaders }) => void;
  } = {},
) {
  const server = createServer((incoming, outgoing) => {
    options.onRequest?.({ url: incoming.url ?? "/", headers: incoming.headers });
    if (options.speculationRules === false && incoming.url === speculationRules.url) {
      outgoing.writeHead(404).end();
      return;
    }
    const forwarded = httpRequest(
      new URL(incoming.url ?? "/", target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
