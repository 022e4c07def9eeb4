import { describe, expect, it } from "vitest";
import { contactLimits, validateContact } from "#app/contact/schema.ts";

const valid = {
  name: "Ana Pérez",
  email: "ana@example.es",
  message: "Hola,\nquería un presupuesto.",
};

describe("contact rules", () => {
  it("accepts a normal message and trims every field", () => {
    expect(
      validateContact({ name: "  Ana ", email: " ana@example.es ", message: "\n hola \n" }),
    ).toEqual({
      ok: true,
      values: { name: "Ana", email: "ana@example.es", message: "hola" },
    });
  });

  it("requires every field, also when it is only spaces or missing", () => {
    expect(validateContact({ name: "  ", email: undefined, message: "" })).toEqual({
      ok: false,
      fieldErrors: { name: "required", email: "required", message: "required" },
    });
  });

  it("rejects a malformed e-mail address", () => {
    for (const email of ["ana", "ana@", "@example.es", "ana@example", "ana example@x.es"]) {
      expect(validateContact({ ...valid, email })).toEqual({
        ok: false,
        fieldErrors: { email: "email" },
      });
    }
  });

  it("enforces the length limits after trimming", () => {
    for (const field of ["name", "message"] as const) {
      const limit = contactLimits[field];
      expect(validateContact({ ...valid, [field]: "a".repeat(limit) }).ok).toBe(true);
      expect(validateContact({ ...valid, [field]: ` ${"a".repeat(limit)} ` }).ok).toBe(true);
      expect(validateContact({ ...valid, [field]: "a".repeat(limit + 1) })).toEqual({
        ok: false,
        fieldErrors: { [field]: "tooLong" },
      });
    }
    const longEmail = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(longEmail.length).toBe(contactLimits.email + 1);
    expect(validateContact({ ...valid, email: longEmail })).toEqual({
      ok: false,
      fieldErrors: { email: "tooLong" },
    });
  });

  it("keeps line breaks in the message but no control characters in a name (header injection)", () => {
    expect(validateContact({ ...valid, message: "línea 1\r\nlínea 2\tfin" }).ok).toBe(true);
    expect(validateContact({ ...valid, name: "Ana\r\nBcc: x@example.com" })).toEqual({
      ok: false,
      fieldErrors: { name: "invalid" },
    });
    expect(validateContact({ ...valid, message: "nul\u0000byte" })).toEqual({
      ok: false,
      fieldErrors: { message: "invalid" },
    });
  });

  it.each([
    ["zero-width space", "\u200B"],
    ["zero-width joiner and non-joiner", "\u200D\u200C"],
    ["bidi marks, embeddings and isolates", "\u200E\u200F\u202A\u202E\u2066\u2069"],
    ["word joiner and BOM", "\u2060\uFEFF"],
    ["soft hyphen", "\u00AD\u00AD"],
    ["ideographic space", "\u3000\u3000"],
    ["no-break and other spaces", "\u00A0\u2002\u2009\u202F"],
    ["line and paragraph separators", "\u2028\u2029"],
    ["braille blank", "\u2800\u2800"],
    ["Hangul fillers", "\u3164\u115F\u1160\uFFA0"],
    ["variation selectors and tag characters", "\uFE0F\u{E0041}\u{E007F}"],
    ["Mongolian vowel separator", "\u180E"],
    ["a mixture, with spaces and a tab", " \u200B\t\u3164 \u2800\u202E "],
  ])("a name, e-mail or message of only %s is required, as an empty one", (_, blank) => {
    expect(validateContact({ name: blank, email: blank, message: blank })).toEqual({
      ok: false,
      fieldErrors: { name: "required", email: "required", message: "required" },
    });
  });

  it("keeps invisible characters inside a visible value (a ZWJ emoji, a name in an RTL script)", () => {
    const name = "\u200Fعلي 👩\u200D💻";
    expect(validateContact({ ...valid, name })).toEqual({
      ok: true,
      values: { ...valid, name },
    });
  });

  it("turns a lone CR and CRLF in a message into one line break each", () => {
    const result = validateContact({ ...valid, message: "uno\rdos\r\ntres\nfin\r\r" });
    expect(result).toEqual({ ok: true, values: { ...valid, message: "uno\ndos\ntres\nfin" } });
    const middle = validateContact({ ...valid, message: "a\r\rb" });
    expect(middle.ok && middle.values.message).toBe("a\n\nb");
  });

  it("accepts any script and emoji", () => {
    expect(
      validateContact({ name: "José Ñandú 李雷 😀", email: "x@example.com", message: "Grüße 🌍" })
        .ok,
    ).toBe(true);
  });
});
