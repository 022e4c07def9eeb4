import pino from "pino";
import { describe, expect, it } from "vitest";
import { parseSettings } from "#app/config/settings.server.ts";
import { warnIfProxyHopsExposed } from "#server/launch-warning.ts";

/** The warnings logged for TRUST_PROXY (as the settings read it) and the address listened on. */
function warnings(trustProxy: string, address: string) {
  const lines: string[] = [];
  const log = pino({ base: undefined }, { write: (line: string) => void lines.push(line) });
  const { TRUST_PROXY } = parseSettings({ TRUST_PROXY: trustProxy }).server;
  warnIfProxyHopsExposed(TRUST_PROXY, address, log);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the start-up warning about TRUST_PROXY", () => {
  it.each([
    ["1", "0.0.0.0"],
    ["2", "::"],
    ["1", "10.0.0.5"],
    ["1", "2001:db8::1"],
  ])("warns for the hop count %s when listening on %s", (trustProxy, address) => {
    const [line, ...more] = warnings(trustProxy, address);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 40, TRUST_PROXY: Number(trustProxy), address });
    expect(line?.["msg"]).toMatch(/TRUST_PROXY is a hop count .* beyond loopback/);
  });

  it.each([
    ["1", "127.0.0.1"],
    ["1", "::1"],
    ["3", "::ffff:127.0.0.1"],
    ["0", "0.0.0.0"],
    ["false", "0.0.0.0"],
    ["10.0.0.1", "0.0.0.0"],
    ["loopback", "::"],
  ])("stays quiet for TRUST_PROXY=%s listening on %s", (trustProxy, address) => {
    expect(warnings(trustProxy, address)).toEqual([]);
  });
});
