import { describe, expect, it } from "vitest";
import { hasDuplicateHost, isValidHost } from "#server/host-header.ts";

describe("isValidHost", () => {
  it.each(["localhost", "www.example.com", "127.0.0.1:3000", "[::1]:3000", "xn--espaa-rta.es"])(
    "accepts %s",
    (host) => expect(isValidHost(host)).toBe(true),
  );

  it.each([
    undefined,
    "",
    "[",
    "a%zz",
    "a b",
    "a/b",
    "a\\b",
    "a?b",
    "a#b",
    "user@a",
    "a:99999",
    "a:b",
  ])("refuses %j", (host) => expect(isValidHost(host)).toBe(false));
});

describe("hasDuplicateHost", () => {
  it("finds a second Host line in the raw headers, whatever its case or value", () => {
    expect(hasDuplicateHost(["Host", "a", "Accept", "*/*", "host", "b"])).toBe(true);
    expect(hasDuplicateHost(["HOST", "a", "Host", "a"])).toBe(true);
  });

  it("passes one Host line, or none, and headers that only look like it", () => {
    expect(hasDuplicateHost(["Host", "a", "X-Forwarded-Host", "b", "Accept", "host"])).toBe(false);
    expect(hasDuplicateHost([])).toBe(false);
  });
});
