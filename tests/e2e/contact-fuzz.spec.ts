import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { validateContact, type ContactResult } from "#app/contact/schema.ts";
import type { SmtpServer } from "#tests/support/smtp.ts";
import { eventually, readMessages, startSiteWithMail, type Site } from "#tests/support/site.ts";

// Property-based fuzzing of the real contact endpoint over HTTP: random fields, any
// Unicode, control characters, CRLF, huge values, wrong content types, missing and repeated
// fields, malformed encodings. FUZZ_RUNS sets the count: `npm test` runs 3000 (about 30 s;
// the seed is fixed, so each run repeats the same inputs and guards what earlier, longer runs
// found), `npm run test:stress` 20000 and FUZZ_SEED a seed of its own for new ground.
const runs = Number(process.env.FUZZ_RUNS ?? 3000);
test.setTimeout(Math.max(120_000, runs * 50));

let smtp: SmtpServer;
let site: Site;
let stop: () => Promise<void>;
test.beforeAll(async () => {
  ({ smtp, site, stop } = await startSiteWithMail({
    RATE_LIMIT_MAX: "100000000",
    CONTACT_MAIL_PER_HOUR: "100000000",
    OUTBOX_POLL_SECONDS: "0.2",
  }));
});
test.afterAll(() => stop());

const fieldNames = ["name", "email", "message", "website", "elapsed", "lang", "x"] as const;
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({
    unit: fc.constantFrom(
      "\r",
      "\n",
      "\t",
      "\u0000",
      "\u0007",
      " ",
      "a",
      "ñ",
      "😀",
      "<",
      "&",
      "%",
      "=",
    ),
    maxLength: 60,
  }),
  fc.emailAddress(),
  fc.constantFrom("", " ", "Ana", "ana@example.com", "Hola\r\nBcc: x@example.com", "9000", "0"),
  fc.string({ minLength: 4990, maxLength: 5010 }),
  fc.nat({ max: 80_000 }).map((n) => "x".repeat(n)),
);
const pairs = fc.array(fc.tuple(fc.constantFrom(...fieldNames), text), { maxLength: 8 });
const validish = fc.record({
  name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
  email: fc.emailAddress(),
  message: fc.string({ unit: "grapheme", minLength: 1, maxLength: 400 }),
  elapsed: fc.constantFrom("9000", "100", ""),
  website: fc.constantFrom("", "", "", "http://spam.example"),
});
const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-8",
  "multipart/form-data; boundary=fuzz",
  "application/json",
  "text/plain",
  "",
  "garbage",
  "application/x-www-form-urlencoded; charset=latin1",
);

type Case = { type: string; body: Uint8Array | string; fields?: [string, string][] };

const cases: fc.Arbitrary<Case> = fc.oneof(
  // Field lists, urlencoded as browsers do.
  pairs.map((fields) => ({
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams(fields).toString(),
    fields,
  })),
  // Mostly valid submissions, so acceptance and storage are exercised too.
  validish.map((values) => {
    const fields = Object.entries(values) as [string, string][];
    return {
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams(fields).toString(),
      fields,
    };
  }),
  // Raw bytes (broken percent-encoding, invalid UTF-8) under any content type.
  fc.tuple(contentType, fc.uint8Array({ maxLength: 2000 })).map(([type, body]) => ({ type, body })),
  fc
    .tuple(contentType, fc.string({ maxLength: 300 }))
    .map(([type, body]) => ({ type, body: `name=${body}&email=%E0%A4%A&message=%%${body}` })),
);

test(`${runs} generated submissions: never a 5xx, never a crash, no e-mail for bad input, storage exact`, async () => {
  let accepted = 0;
  let checked = 0;
  await fc.assert(
    fc.asyncProperty(cases, async ({ type, body, fields }) => {
      const response = await fetch(`${site.url}/contact`, {
        method: "POST",
        headers: {
          origin: site.url,
          accept: "application/json",
          ...(type ? { "content-type": type } : {}),
        },
        body: typeof body === "string" ? body : Buffer.from(body),
      });
      expect(response.status).toBeLessThan(500);
      const result = (await response.json()) as ContactResult;
      expect(response.status === 200).toBe(result.status === "sent");
      if (result.status !== "sent") return;
      accepted++;
      if (!fields) return;
      // What the server accepted is exactly what the shared rules make of the fields.
      const decoded = new URLSearchParams(new URLSearchParams(fields).toString());
      const validation = validateContact({
        name: decoded.getAll("name").length === 1 ? decoded.get("name") : undefined,
        email: decoded.getAll("email").length === 1 ? decoded.get("email") : undefined,
        message: decoded.getAll("message").length === 1 ? decoded.get("message") : undefined,
      });
      expect(validation.ok).toBe(true);
      if (!validation.ok) return;
      const stored = (await readMessages(site.databasePath)).at(-1)!;
      expect({ name: stored.name, email: stored.email, message: stored.message }).toEqual(
        validation.values,
      );
      checked++;
    }),
    { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
  );

  const rows = await readMessages(site.databasePath);
  expect(rows).toHaveLength(accepted);
  expect(checked).toBeGreaterThan(0);
  // Every real message gets e-mailed; spam and rejected input never do.
  await eventually(
    async () => (await readMessages(site.databasePath)).every((row) => row.status !== "pending"),
    60_000,
  );
  const delivered = (await readMessages(site.databasePath)).filter((row) => row.status === "sent");
  await eventually(() => smtp.received.length === delivered.length, 10_000);
  const spam = rows.filter((row) => row.status === "spam");
  expect(delivered.length + spam.length).toBe(rows.length);
  expect((await fetch(`${site.url}/healthz`)).status).toBe(200); // still alive
});
