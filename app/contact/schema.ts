// The contact form's rules, shared by the browser and the server.
import * as z from "zod/mini";

export const contactFields = ["name", "email", "message"] as const;
export type ContactField = (typeof contactFields)[number];
type ContactValues = Record<ContactField, string>;

export const contactLimits: Record<ContactField, number> = { name: 200, email: 254, message: 5000 };

/** What a field error says, as a catalogue key under `contact.form.fieldErrors`. */
export type FieldError = "required" | "tooLong" | "email" | "invalid";

// Control characters never belong in a name or an address (they would break e-mail
// headers); the message may hold line breaks and tabs.
export const singleLine = /^[^\p{Cc}]*$/u;
export const multiLine = /^(?:[^\p{Cc}]|[\t\n])*$/u;

/**
 * Characters that show nothing by themselves: format and control characters (bidi marks
 * and isolates, zero-width space and joiners, the BOM), separators and other white space
 * (U+3000 included), default-ignorable code points (U+3164 and the other Hangul fillers,
 * variation selectors, tag characters) and U+2800, the blank braille pattern. `trim()` takes
 * only white space off, so a field of these passes as filled while the owner sees nothing:
 * it counts as empty.
 */
const nothingVisible =
  /^[\p{Cf}\p{Cc}\p{Z}\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Filled: after trimming, at least one character that shows. */
export const filled = [
  z.trim(),
  z.minLength(1, "required"),
  z.refine<string>((value) => !nothingVisible.test(value), "required"),
] as const;

const contactSchema = z.object({
  name: z
    .string()
    .check(...filled, z.maxLength(contactLimits.name, "tooLong"), z.regex(singleLine, "invalid")),
  email: z
    .string()
    .check(
      ...filled,
      z.maxLength(contactLimits.email, "tooLong"),
      z.regex(z.regexes.email, "email"),
    ),
  message: z.string().check(
    // One kind of line break, whatever the sender's system: a lone CR (old Mac, or
    // hand-made requests) would otherwise reach the e-mail as no break at all.
    z.overwrite((value) => value.replace(/\r\n?/g, "\n")),
    ...filled,
    z.maxLength(contactLimits.message, "tooLong"),
    z.regex(multiLine, "invalid"),
  ),
});

export type ContactValidation =
  | { ok: true; values: ContactValues }
  | { ok: false; fieldErrors: Partial<Record<ContactField, FieldError>> };

/** Validates a submission; reports the first problem of each field. */
export function validateContact(input: Record<ContactField, unknown>): ContactValidation {
  const parsed = contactSchema.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const fieldErrors: Partial<Record<ContactField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    fieldErrors[field] ??= (
      issue.code === "invalid_type" ? "required" : issue.message
    ) as FieldError;
  }
  return { ok: false, fieldErrors };
}

/** Why a submission was not accepted, as a catalogue key under `contact.form.reasons`. */
export type FailureReason =
  "invalid" | "rateLimited" | "unavailable" | "tooLarge" | "unsupported" | "forbidden";

/** What the server answers to a submission, for the form to show. */
export type ContactResult =
  | { status: "sent" }
  | {
      status: "failed";
      reason: FailureReason;
      fieldErrors?: Partial<Record<ContactField, FieldError>>;
      values?: ContactValues;
    };

export const contactStatusCodes: Record<FailureReason, number> = {
  invalid: 400,
  forbidden: 403,
  tooLarge: 413,
  unsupported: 415,
  rateLimited: 429,
  unavailable: 503,
};
