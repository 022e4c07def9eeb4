import { describe, expect, it } from "vitest";
import {
  printableHeader,
  printableJson,
  printableLine,
  printableText,
} from "#app/text/printable.ts";

/** The campaign of the probe (`?utm_source=%1b%5d0%3bpwned%07%1b%5b31mred`), decoded. */
const terminalEscape = "\x1b]0;pwned\x07\x1b[31mred";
/** Right-to-left override, zero-width space, isolate, word joiner, BOM, C1 CSI, DEL, a tag. */
const hidden = "pay\u202Epal\u200B.\u2066com\u2069\u2060\uFEFF\u009B2J\x7F\u{E0041}";

describe("printable visitor text", () => {
  it("drops control and format characters from one line, keeping what is visible", () => {
    expect(printableLine(terminalEscape)).toBe("]0;pwned[31mred");
    expect(printableLine(hidden)).toBe("paypal.com2J");
    expect(printableLine("Ana\tMaría\r\nGómez\u2028x")).toBe("Ana María Gómez x");
    expect(printableLine("Núria 👋 ¿qué tal? 日本語 مرحبا")).toBe(
      "Núria 👋 ¿qué tal? 日本語 مرحبا",
    );
  });

  it("in a mail header: one printable line, whose encoded words are shown, never decoded", () => {
    expect(printableHeader("Eve \u202Egnp.exe")).toBe("Eve gnp.exe");
    expect(printableHeader("=?utf-8?B?QWRtaW4=?= x=?Q?")).toBe(
      "=\u00A0?utf-8?B?QWRtaW4=\u00A0?= x=\u00A0?Q?",
    );
    expect(printableHeader("Ana = ? María")).toBe("Ana = ? María");
  });

  it("keeps a zero-width joiner only where it joins two emoji into one", () => {
    const coder = "👩\u200D💻 👩🏽\u200D💻 ❤\uFE0F\u200D🔥";
    expect(printableLine(coder)).toBe(coder);
    expect(printableLine("a\u200Db 👩\u200D x\u200D💻")).toBe("ab 👩 x💻");
  });

  it("a lone surrogate (half an emoji cut off) goes", () => {
    expect(printableLine("ok\uD83D")).toBe("ok");
  });

  it("keeps lines and tabs of a text, every kind of line break as \\n", () => {
    expect(printableText("one\rtwo\r\nthree\nfour\u2029five\u0085six")).toBe(
      "one\ntwo\nthree\nfour\nfive\nsix",
    );
    expect(printableText(`a\tb\n${terminalEscape}\n${hidden}`)).toBe(
      "a\tb\n]0;pwned[31mred\npaypal.com2J",
    );
  });

  it("as JSON: exact text, with what is unprintable written as escapes", () => {
    const value = { name: terminalEscape, text: hidden, emoji: "👩\u200D💻" };
    const json = printableJson(value, 2);
    expect(JSON.parse(json)).toEqual(value);
    // Nothing unprintable but the structure's line breaks and the joiner inside the emoji.
    expect(json).not.toMatch(/(?![\n\u200D])[\p{Cc}\p{Cf}]/u);
    expect(json).toContain("\\u202e");
    expect(json).toContain("\\udb40\\udc41"); // the tag character, as its two UTF-16 halves
    expect(json).toContain("👩\u200D💻");
    expect(json.split("\n")).toHaveLength(5);
  });
});
