import type { Language } from "#app/config/site.ts";
import type { Logger } from "#app/config/log.server.ts";
import {
  contactFields,
  contactStatusCodes,
  validateContact,
  type ContactField,
  type ContactResult,
  type FailureReason,
} from "#app/contact/schema.ts";
import type { RateLimitDecision } from "#app/limits/rate-limit.server.ts";
import type { MessageStore, Suspicion } from "#app/contact/store.server.ts";

/** Large enough for the longest valid message in any script, percent-encoded; no larger. */
const maxBodyBytes = 64 * 1024;

/**
 * A message identical to one stored this recently (same name, address and text) is that
 * message again: a double click, or a resend after an answer that came slowly, minutes apart
 * at most. The rate limit's window: past it a repeat is more likely meant.
 */
const repeatWindowMs = 10 * 60_000;

export type SubmitDependencies = {
  store: Pick<MessageStore, "insert" | "isRepeat">;
  /** Counts one submission of the client against the rate limit. */
  consume: (clientKey: string) => Promise<RateLimitDecision>;
  /** A message was stored that is not spam (in the page's language): e-mail it, count it. */
  onStored: (lang: Language) => void;
  minFillMs: number;
  log: Logger;
};

/** `headers` (rate limit state, `Retry-After`) belong on the HTTP response. */
export type SubmitResponse = {
  status: number;
  result: ContactResult;
  headers?: Record<string, string>;
};

const failure = (
  reason: FailureReason,
  extra: Omit<Extract<ContactResult, { status: "failed" }>, "status" | "reason"> = {},
): SubmitResponse => ({
  status: contactStatusCodes[reason],
  result: { status: "failed", reason, ...extra },
});

/**
 * An oversized body is still read to its end (up to this much) and thrown away, so the
 * answer reaches the client instead of a reset connection; beyond it the connection is cut.
 */
const maxDiscardBytes = 16 * maxBodyBytes;

/** The body as text, refusing (null) anything larger than the limit, however it is sent. */
export async function readBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (declared > maxDiscardBytes || size > maxDiscardBytes) {
      await reader.cancel();
      return null;
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= maxBodyBytes && declared <= maxBodyBytes) chunks.push(value);
  }
  if (size > maxBodyBytes || declared > maxBodyBytes) return null;
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

export type Fields = Record<string, string[]>;

export async function parseFields(request: Request, body: string): Promise<Fields | "unsupported"> {
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0]?.trim().toLowerCase();
  const fields: Fields = {};
  const add = (key: string, value: FormDataEntryValue) => {
    (fields[key] ??= []).push(typeof value === "string" ? value : "\u0000file");
  };
  if (type === "application/x-www-form-urlencoded") {
    new URLSearchParams(body).forEach((value, key) => add(key, value));
    return fields;
  }
  if (type === "multipart/form-data") {
    try {
      const form = await new Response(body, { headers: request.headers }).formData();
      form.forEach((value, key) => add(key, value));
      return fields;
    } catch {
      return "unsupported";
    }
  }
  return "unsupported";
}

/** A field sent exactly once, as text; anything else counts as not sent. */
export function single(fields: Fields, name: string): string | undefined {
  const values = fields[name];
  return values?.length === 1 ? values[0] : undefined;
}

/**
 * The form's fill time in milliseconds, as the script sends it: one non-negative number.
 * Anything else (missing, repeated, not a number) is as suspect as a too-fast one.
 */
function fillTimeSuspicion(fields: Fields, minFillMs: number): Suspicion | undefined {
  const elapsed = single(fields, "elapsed");
  if (elapsed === undefined || !/^\d+(\.\d+)?$/.test(elapsed)) return "no-timer";
  return Number(elapsed) < minFillMs ? "too-fast" : undefined;
}

/** The repeat check and the insert of this process's submissions, in turn (see submitContact). */
let storing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = storing.then(task, task);
  storing = run.catch(() => undefined);
  return run;
}

/**
 * Handles one contact form submission: size and type limits, per-client rate limit,
 * validation, bot traps, then durable storage before answering "sent". A filled honeypot
 * marks a bot: answered like people, its message kept as spam and never e-mailed. The fill
 * time is only a guess, so a message that fails it is e-mailed marked as suspected.
 * `timed`: the submission comes from the form's script, which sends the fill time; the
 * form without JavaScript has no timer.
 */
export async function submitContact(
  request: Request,
  { clientKey, lang, timed }: { clientKey: string; lang: Language; timed: boolean },
  deps: SubmitDependencies,
): Promise<SubmitResponse> {
  const body = await readBody(request);
  if (body === null) return failure("tooLarge");
  const fields = await parseFields(request, body);
  if (fields === "unsupported") return failure("unsupported");

  const raw = Object.fromEntries(
    contactFields.map((field) => [field, single(fields, field)]),
  ) as Record<ContactField, string | undefined>;
  const values = Object.fromEntries(
    contactFields.map((field) => [field, raw[field] ?? ""]),
  ) as Record<ContactField, string>;
  const validation = validateContact(raw);
  if (!validation.ok) return failure("invalid", { fieldErrors: validation.fieldErrors, values });

  let limit: RateLimitDecision;
  try {
    limit = await deps.consume(clientKey);
  } catch (error) {
    deps.log.error({ err: error }, "could not count a contact submission (rate limit)");
    return failure("unavailable", { values });
  }
  const { headers } = limit;
  if (!limit.allowed) return { ...failure("rateLimited", { values }), headers };

  const honeypot = fields["website"]?.some((value) => value.trim() !== "") ?? false;
  const spamReason = honeypot ? "honeypot" : undefined;
  const suspicion = !honeypot && timed ? fillTimeSuspicion(fields, deps.minFillMs) : undefined;

  try {
    // Checked and stored one at a time: the two posts of a double click, arriving together,
    // would otherwise both find no earlier copy.
    const id = await oneAtATime(async () =>
      (await deps.store.isRepeat(validation.values, Date.now() - repeatWindowMs))
        ? undefined
        : deps.store.insert({ lang, ...validation.values, spamReason, suspicion }),
    );
    if (id === undefined) {
      // Answered as the first was; nothing stored or e-mailed twice.
      deps.log.info("contact message repeated within minutes: kept once");
      return { status: 200, result: { status: "sent" }, headers };
    }
    deps.log.info(
      { messageId: id, spam: spamReason ?? false, suspicion: suspicion ?? false },
      "contact message stored",
    );
  } catch (error) {
    deps.log.error({ err: error }, "could not store a contact message");
    return { ...failure("unavailable", { values }), headers };
  }
  if (!spamReason) deps.onStored(lang);
  return { status: 200, result: { status: "sent" }, headers };
}
