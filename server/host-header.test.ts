import { describe, expect, it } from "vitest";
import { isValidHost } from "./host-header";

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
