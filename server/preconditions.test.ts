import { describe, expect, it } from "vitest";
import { parseHttpDate, preconditionsHold } from "#server/preconditions.ts";

const etag = '"abc-br"';
const lastModified = "Sun, 15 Nov 2026 10:00:00 GMT";
const holds = (headers: Record<string, string>) =>
  preconditionsHold(headers, { etag, lastModified });

describe("HTTP-dates (RFC 9110 §5.6.7)", () => {
  it.each([
    ["Sun, 06 Nov 1994 08:49:37 GMT", Date.UTC(1994, 10, 6, 8, 49, 37)],
    ["Sunday, 06-Nov-94 08:49:37 GMT", Date.UTC(1994, 10, 6, 8, 49, 37)],
    // asctime has no zone and means GMT, whatever the server's own zone.
    ["Sun Nov  6 08:49:37 1994", Date.UTC(1994, 10, 6, 8, 49, 37)],
  ])("reads %s", (text, time) => expect(parseHttpDate(text)).toBe(time));

  it.each([
    "2026-11-15T10:00:00Z",
    "Sun, 15 Nov 2026 10:00:00 GMT, Mon, 16 Nov 2026 10:00:00 GMT",
    "Sun, 15 Nov 2026 10:00:00 +0100",
    "yesterday",
    "",
  ])("refuses %j", (text) => expect(parseHttpDate(text)).toBeUndefined());
});

describe("If-Match and If-Unmodified-Since (RFC 9110 §13.1.1, §13.1.4, §13.2.2)", () => {
  it("If-Match holds for the representation's own strong tag, in a list, or *", () => {
    for (const value of [etag, `"x", ${etag}`, `"x",${etag} , "y"`, "*", " * "]) {
      expect(holds({ "if-match": value }), value).toBe(true);
    }
  });

  it("If-Match fails for another tag, a weak tag (strong comparison) or garbage", () => {
    for (const value of ['"abc"', '"abc-gzip"', `W/${etag}`, "abc-br", "", '"x", "y"']) {
      expect(holds({ "if-match": value }), value).toBe(false);
    }
  });

  it("If-Unmodified-Since holds at or after the modification date, fails before it", () => {
    expect(holds({ "if-unmodified-since": lastModified })).toBe(true);
    expect(holds({ "if-unmodified-since": "Mon, 16 Nov 2026 00:00:00 GMT" })).toBe(true);
    expect(holds({ "if-unmodified-since": "Sun, 15 Nov 2026 09:59:59 GMT" })).toBe(false);
    expect(holds({ "if-unmodified-since": "Thu, 01 Jan 1970 00:00:00 GMT" })).toBe(false);
  });

  it("If-Unmodified-Since is ignored when not a valid HTTP-date, under If-Match, or without a modification date", () => {
    const old = "Thu, 01 Jan 1970 00:00:00 GMT";
    expect(holds({ "if-unmodified-since": "1970-01-01" })).toBe(true);
    expect(holds({ "if-unmodified-since": `${old}, ${old}` })).toBe(true);
    expect(holds({ "if-match": etag, "if-unmodified-since": old })).toBe(true);
    expect(preconditionsHold({ "if-unmodified-since": old }, { etag })).toBe(true);
  });

  it("a request without either holds", () => {
    expect(holds({ "if-none-match": '"other"', "if-modified-since": lastModified })).toBe(true);
  });
});
