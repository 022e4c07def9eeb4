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
const singleLine = /^[^\p{Cc}]*$/u;
const multiLine = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;

const text = (field: ContactField, pattern: RegExp) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "required"),
      z.maxLength(contactLimits[field], "tooLong"),
      z.regex(pattern, "invalid"),
    );

const contactSchema = z.object({
  name: text("name", singleLine),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "required"),
      z.maxLength(contactLimits.email, "tooLong"),
      z.regex(z.regexes.email, "email"),
    ),
  message: text("message", multiLine),
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
