// The booking form's rules and answers, shared by the browser and the server.
import * as z from "zod/mini";
import {
  filled,
  multiLine,
  singleLine,
  type FailureReason,
  type FieldError,
} from "#app/contact/schema.ts";
import type { Interval } from "#app/booking/availability.ts";

export const bookingFields = ["name", "email", "company", "topic"] as const;
export type BookingField = (typeof bookingFields)[number];
type BookingValues = Record<BookingField, string>;

export const bookingLimits: Record<BookingField, number> = {
  name: 200,
  email: 254,
  company: 200,
  topic: 2000,
};

const bookingSchema = z.object({
  name: z
    .string()
    .check(...filled, z.maxLength(bookingLimits.name, "tooLong"), z.regex(singleLine, "invalid")),
  email: z
    .string()
    .check(
      ...filled,
      z.maxLength(bookingLimits.email, "tooLong"),
      z.regex(z.regexes.email, "email"),
    ),
  company: z
    .string()
    .check(z.trim(), z.maxLength(bookingLimits.company, "tooLong"), z.regex(singleLine, "invalid")),
  topic: z.string().check(
    z.overwrite((value) => value.replace(/\r\n?/g, "\n")),
    ...filled,
    z.maxLength(bookingLimits.topic, "tooLong"),
    z.regex(multiLine, "invalid"),
  ),
});

export type BookingValidation =
  | { ok: true; values: BookingValues }
  | { ok: false; fieldErrors: Partial<Record<BookingField, FieldError>> };

/** Validates the visitor's details; reports the first problem of each field. */
export function validateBooking(input: Record<BookingField, unknown>): BookingValidation {
  const parsed = bookingSchema.safeParse({ ...input, company: input.company ?? "" });
  if (parsed.success) return { ok: true, values: parsed.data };
  const fieldErrors: Partial<Record<BookingField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as BookingField;
    fieldErrors[field] ??= (
      issue.code === "invalid_type" ? "required" : issue.message
    ) as FieldError;
  }
  return { ok: false, fieldErrors };
}

/**
 * Why a booking was not made, as a catalogue key under `booking.reasons`: the contact form's
 * reasons, `taken` (someone else booked the slot first, or it is no longer free) and `stale`
 * (the company's calendar could not be read lately: no slot is offered) and `tooManyChanges`
 * (the call was moved as often as a call may be: BOOKING_MOVES_PER_CALL).
 */
export type BookingFailure = FailureReason | "taken" | "stale" | "tooManyChanges";

export const bookingStatusCodes: Record<BookingFailure, number> = {
  invalid: 400,
  forbidden: 403,
  tooLarge: 413,
  unsupported: 415,
  taken: 409,
  rateLimited: 429,
  tooManyChanges: 429,
  unavailable: 503,
  stale: 503,
};

/** What the server answers to a booking, for the page (or its script) to show. */
export type BookingResult =
  | { status: "booked"; start: number; end: number; manage: string }
  /** Past the day's budgets: held until the visitor confirms it from the e-mail. */
  | { status: "held"; start: number; end: number; manage: string }
  | { status: "cancelled"; manage: string }
  | {
      status: "failed";
      reason: BookingFailure;
      fieldErrors?: Partial<Record<BookingField, FieldError>>;
      values?: BookingValues;
      /** The slot asked for, to show the form again with it. */
      slot?: Interval;
      /** The next free slots, when the one asked for was taken. */
      alternatives?: Interval[];
    };
