import { describe, expect, it } from "vitest";
import { contactLimits, validateContact } from "./schema";

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

  it("accepts any script and emoji", () => {
    expect(
      validateContact({ name: "José Ñandú 李雷 😀", email: "x@example.com", message: "Grüße 🌍" })
        .ok,
    ).toBe(true);
  });
});
