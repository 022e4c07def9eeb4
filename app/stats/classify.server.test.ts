import { describe, expect, it } from "vitest";
import { countable, deviceClass, isDocumentVisit } from "#app/stats/classify.server.ts";

const ua = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  windows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
};

describe("device class", () => {
  it.each([
    [ua.iphone, "phone"],
    [ua.android, "phone"],
    [ua.ipad, "tablet"],
    [ua.androidTablet, "tablet"],
    [ua.windows, "desktop"],
    [ua.mac, "desktop"],
    ["", "desktop"],
    ["something odd", "desktop"],
  ])("%s → %s", (agent, expected) => expect(deviceClass(agent)).toBe(expected));
});

describe("who is counted", () => {
  it("people's browsers", () => {
    expect(countable({ "user-agent": ua.windows })).toBe(true);
    expect(countable({ "user-agent": ua.iphone })).toBe(true);
  });
  it("not crawlers, headless browsers, HTTP libraries or requests without a user agent", () => {
    for (const agent of [ua.googlebot, ua.headless, "curl/8.5.0", "python-requests/2.32"])
      expect(countable({ "user-agent": agent })).toBe(false);
    expect(countable({})).toBe(false);
  });
  it("not a browser sending Global Privacy Control", () => {
    expect(countable({ "user-agent": ua.windows, "sec-gpc": "1" })).toBe(false);
  });
  it("a document opened now, not a prefetch, a prerender or a script's fetch", () => {
    expect(isDocumentVisit({})).toBe(true);
    expect(isDocumentVisit({ "sec-fetch-dest": "document" })).toBe(true);
    expect(isDocumentVisit({ "sec-purpose": "prefetch" })).toBe(false);
    expect(isDocumentVisit({ "sec-purpose": "prefetch;prerender" })).toBe(false);
    expect(isDocumentVisit({ purpose: "prefetch" })).toBe(false);
    expect(isDocumentVisit({ "x-moz": "prefetch" })).toBe(false);
    expect(isDocumentVisit({ "sec-fetch-dest": "empty" })).toBe(false);
  });
});
