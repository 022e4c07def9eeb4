import { expect, test } from "@playwright/test";
import { translator } from "./support";
import type { SmtpServer } from "../support/smtp";
import { eventually, readMessages, startSite, startSiteWithMail, type Site } from "../support/site";

// Bad input straight at the server, as bots and broken clients send it.
let smtp: SmtpServer;
let site: Site;
let stop: () => Promise<void>;
test.beforeAll(async () => {
  ({ smtp, site, stop } = await startSiteWithMail({
    RATE_LIMIT_MAX: "1000",
    CONTACT_MIN_FILL_SECONDS: "3",
  }));
});
test.afterAll(() => stop());

const good = { name: "Pere", email: "pere@example.com", message: "Hola", elapsed: "8000" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function post(
  path: string,
  body: string,
  headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" },
) {
  const response = await fetch(`${site.url}${path}`, {
    method: "POST",
    body,
    headers: { origin: site.url, ...headers },
  });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

const cases: { name: string; body: string; status: number; reason: string; field?: string }[] = [
  {
    name: "missing field",
    body: form({ name: "Pere", email: "pere@example.com", elapsed: "8000" }),
    status: 400,
    reason: "invalid",
    field: "message",
  },
  {
    name: "bad e-mail",
    body: form({ ...good, email: "pere@" }),
    status: 400,
    reason: "invalid",
    field: "email",
  },
  {
    name: "over-long name",
    body: form({ ...good, name: "x".repeat(201) }),
    status: 400,
    reason: "invalid",
    field: "name",
  },
  {
    name: "over-long message",
    body: form({ ...good, message: "x".repeat(5001) }),
    status: 400,
    reason: "invalid",
    field: "message",
  },
  {
    name: "repeated field",
    body: `${form(good)}&email=other%40example.com`,
    status: 400,
    reason: "invalid",
    field: "email",
  },
  {
    name: "CRLF in the name",
    body: form({ ...good, name: "Pere\r\nBcc: victim@example.com" }),
    status: 400,
    reason: "invalid",
    field: "name",
  },
  {
    name: "oversized body",
    body: form({ ...good, message: "x".repeat(70_000) }),
    status: 413,
    reason: "tooLarge",
  },
];

for (const { name, body, status, reason, field } of cases) {
  test(`${name}: ${status}, a translated message, nothing stored or e-mailed`, async () => {
    const before = readMessages(site.databasePath).length;
    const api = await post("/api/contact?lang=en", body);
    expect(api.status).toBe(status);
    const result = JSON.parse(api.text) as {
      status: string;
      reason: string;
      fieldErrors?: Record<string, string>;
    };
    expect(result).toMatchObject({ status: "failed", reason });
    if (field) expect(Object.keys(result.fieldErrors ?? {})).toEqual([field]);

    // The same submission without JavaScript: the page, in its language, with the reason.
    const t = translator("ca");
    const page = await post("/ca/contact", body);
    expect(page.status).toBe(status);
    expect(page.text).toContain(t(`contact.form.reasons.${reason}` as never));
    if (field) expect(page.text).toContain(`id="contact-${field}-error"`);

    expect(readMessages(site.databasePath)).toHaveLength(before);
  });
}

test("a foreign origin is refused with 403 in the page's language", async () => {
  const response = await fetch(`${site.url}/en/contact`, {
    method: "POST",
    body: form(good),
    headers: {
      origin: "https://attacker.example",
      "content-type": "application/x-www-form-urlencoded",
    },
  });
  expect(response.status).toBe(403);
  expect(await response.text()).toBe(translator("en")("contact.form.reasons.forbidden"));
  const api = await fetch(`${site.url}/api/contact`, {
    method: "POST",
    body: form(good),
    headers: { origin: "null", "content-type": "application/x-www-form-urlencoded" },
  });
  expect(api.status).toBe(403);
});

test("wrong content types are refused with 415", async () => {
  for (const [type, body] of [
    ["application/json", JSON.stringify(good)],
    ["text/plain", form(good)],
  ] as const) {
    const api = await post("/api/contact?lang=es", body, { "content-type": type });
    expect(api.status, type).toBe(415);
    expect(JSON.parse(api.text)).toMatchObject({ reason: "unsupported" });
  }
});

test("a multipart submission is read like a urlencoded one", async () => {
  const data = new FormData();
  for (const [key, value] of Object.entries(good)) data.append(key, value);
  const response = await fetch(`${site.url}/api/contact?lang=es`, {
    method: "POST",
    body: data,
    headers: { origin: site.url },
  });
  expect(response.status).toBe(200);
});

test("bots are answered like people but their messages are kept as spam and never e-mailed", async () => {
  const honeypot = await post(
    "/api/contact?lang=es",
    form({ ...good, name: "Honey Bot", website: "http://spam.example" }),
  );
  const tooFast = await post(
    "/api/contact?lang=es",
    form({ ...good, name: "Fast Bot", elapsed: "400" }),
  );
  for (const answer of [honeypot, tooFast]) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: "sent" });
  }
  const rows = readMessages(site.databasePath);
  expect(rows.find((row) => row.name === "Honey Bot")).toMatchObject({
    status: "spam",
    spam_reason: "honeypot",
  });
  expect(rows.find((row) => row.name === "Fast Bot")).toMatchObject({
    status: "spam",
    spam_reason: "too-fast",
  });

  // A real message sent afterwards is delivered; the bots' never are.
  await post("/api/contact?lang=es", form({ ...good, name: "Persona" }));
  await eventually(() =>
    smtp.received.some((mail) => mail.headers["subject"]?.includes("Persona")),
  );
  const subjects = smtp.received.map((mail) => mail.headers["subject"] ?? "");
  expect(subjects.filter((subject) => subject.includes("Bot"))).toEqual([]);
});

test.describe("rate limit", () => {
  let limited: Site;
  test.beforeAll(async () => {
    limited = await startSite({ RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" });
  });
  test.afterAll(async () => {
    await limited.stop();
  });

  test("five messages per ten minutes per address, then 429 with a translated message", async () => {
    const send = (path: string) =>
      fetch(`${limited.url}${path}`, {
        method: "POST",
        body: form(good),
        headers: { origin: limited.url, "content-type": "application/x-www-form-urlencoded" },
      });
    for (let i = 0; i < 5; i++) expect((await send("/api/contact?lang=en")).status).toBe(200);
    const api = await send("/api/contact?lang=en");
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ reason: "rateLimited" });
    const page = await send("/en/contact");
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(translator("en")("contact.form.reasons.rateLimited"));
    expect(readMessages(limited.databasePath)).toHaveLength(5);
  });
});
