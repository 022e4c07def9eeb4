import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { storeKinds, testDatabases } from "#tests/support/postgres.ts";
import { translator } from "#tests/e2e/support.ts";
import type { SmtpServer } from "#tests/support/smtp.ts";
import {
  eventually,
  readMessages,
  startSite,
  startSiteWithMail,
  type Site,
} from "#tests/support/site.ts";

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
/** The form's script asks the contact page for its answer as JSON. */
const json: Record<string, string> = { accept: "application/json" };
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

async function post(path: string, body: string, headers: Record<string, string> = urlencoded) {
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
    const before = (await readMessages(site.databasePath)).length;
    // As the form's script sends it: JSON.
    const api = await post("/en/contact", body, { ...urlencoded, ...json });
    expect(api.status).toBe(status);
    expect(api.type).toMatch(/^application\/json/);
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

    expect(await readMessages(site.databasePath)).toHaveLength(before);
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
  const api = await fetch(`${site.url}/en/contact`, {
    method: "POST",
    body: form(good),
    headers: { origin: "null", ...json, ...urlencoded },
  });
  expect(api.status).toBe(403);
});

test("wrong content types are refused with 415", async () => {
  for (const [type, body] of [
    ["application/json", JSON.stringify(good)],
    ["text/plain", form(good)],
  ] as const) {
    const api = await post("/contact", body, { "content-type": type, ...json });
    expect(api.status, type).toBe(415);
    expect(JSON.parse(api.text)).toMatchObject({ reason: "unsupported" });
  }
});

test("a multipart submission is read like a urlencoded one", async () => {
  const data = new FormData();
  for (const [key, value] of Object.entries(good)) data.append(key, value);
  const response = await fetch(`${site.url}/contact`, {
    method: "POST",
    body: data,
    headers: { origin: site.url, ...json },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: "sent" });
});

test("a bot that fills the honeypot is answered like people, its message kept as spam and never e-mailed; one that is only fast is e-mailed marked", async () => {
  const honeypot = await post(
    "/contact",
    form({ ...good, name: "Honey Bot", website: "http://spam.example" }),
    { ...urlencoded, ...json },
  );
  const tooFast = await post("/contact", form({ ...good, name: "Fast Bot", elapsed: "400" }), {
    ...urlencoded,
    ...json,
  });
  for (const answer of [honeypot, tooFast]) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: "sent" });
  }
  const rows = await readMessages(site.databasePath);
  expect(rows.find((row) => row.name === "Honey Bot")).toMatchObject({
    status: "spam",
    spam_reason: "honeypot",
  });
  expect(rows.find((row) => row.name === "Fast Bot")).toMatchObject({
    spam_reason: null,
    suspicion: "too-fast",
  });

  // A real message sent afterwards is delivered; so is the fast one, marked; the honeypot's never.
  await post("/contact", form({ ...good, name: "Persona" }), { ...urlencoded, ...json });
  await eventually(() =>
    smtp.received.some((mail) => mail.headers["subject"]?.includes("Persona")),
  );
  await eventually(async () =>
    (await readMessages(site.databasePath)).every((row) => row.status !== "pending"),
  );
  const subjects = smtp.received.map((mail) => mail.headers["subject"] ?? "");
  expect(subjects.filter((subject) => subject.includes("Bot"))).toEqual([
    "[Posible spam] Nuevo mensaje de contacto: Fast Bot",
  ]);
});

test("a submission from the form's script one second after load, fields autofilled, reaches the owner marked as possible spam, and /healthz counts it", async ({
  page,
}) => {
  const t = translator("es");
  const person = { name: "Relleno Automático", email: "auto@example.es", message: "Llamadme" };
  await page.goto(`${site.url}/contact`);
  // Reaching for the form loads its script (a pointer over it is not filling it in).
  await page.getByRole("button", { name: t("contact.form.submit") }).hover();
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  // The browser's autofill: values appear without the visitor focusing or typing.
  for (const field of ["name", "email", "message"] as const)
    await page
      .getByLabel(t(`contact.form.${field}`), { exact: true })
      .evaluate((input: HTMLInputElement, text) => (input.value = text), person[field]);
  const request = page.waitForRequest((request) => request.method() === "POST");
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  const elapsed = new URLSearchParams((await request).postData() ?? "").get("elapsed");
  expect(elapsed).toMatch(/^\d+$/);
  expect(Number(elapsed)).toBeLessThan(3000); // CONTACT_MIN_FILL_SECONDS
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));

  const mail = await eventually(() =>
    smtp.received.find((received) => received.headers["reply-to"]?.includes(person.email)),
  );
  expect(mail.headers["subject"]).toBe(`[Posible spam] Nuevo mensaje de contacto: ${person.name}`);
  expect(mail.text.split("\n")[0]).toMatch(/^Posible spam: /);
  expect(mail.text).toContain(person.message);

  const rows = await readMessages(site.databasePath);
  expect(rows.find((row) => row.email === person.email)).toMatchObject({
    suspicion: "too-fast",
    spam_reason: null,
  });
  const health = (await (await fetch(`${site.url}/healthz`)).json()) as { suspected: number };
  expect(health.suspected).toBe(rows.filter((row) => row.suspicion !== null).length);
  expect(health.suspected).toBeGreaterThan(0);
});

for (const kind of storeKinds) {
  test.describe(`${kind}: rate limit`, () => {
    const databases = testDatabases(kind);
    let limited: Site;
    test.beforeAll(async () => {
      limited = await startSite({
        ...(await databases.env()),
        RATE_LIMIT_MAX: "5",
        RATE_LIMIT_WINDOW_SECONDS: "600",
        // Client addresses come from X-Forwarded-For set by a proxy on loopback.
        TRUST_PROXY: "loopback",
      });
    });
    test.afterAll(async () => {
      await limited.stop();
      await databases.stop();
    });

    /** A post as the form's script sends it (JSON), or as the form without JavaScript. */
    const send = (
      client: string,
      fields: Record<string, string> = good,
      accept: Record<string, string> = json,
    ) =>
      fetch(`${limited.url}/en/contact`, {
        method: "POST",
        body: form(fields),
        headers: { origin: limited.url, ...urlencoded, ...accept, "x-forwarded-for": client },
      });

    test("five messages per ten minutes per address, then 429 with Retry-After, RateLimit headers and a translated message; invalid ones do not count", async () => {
      const client = "198.51.100.20";
      for (let i = 0; i < 3; i++)
        expect((await send(client, { ...good, email: "x@" })).status).toBe(400);
      for (let i = 0; i < 5; i++) {
        // Five different messages: a repeat of one would be that message again.
        const ok = await send(client, { ...good, message: `Hola ${i}` });
        expect(ok.status).toBe(200);
        expect(ok.headers.get("ratelimit-policy")).toBe("5;w=600");
        expect(ok.headers.get("ratelimit")).toMatch(
          new RegExp(`^limit=5, remaining=${4 - i}, reset=\\d+$`),
        );
      }
      const api = await send(client);
      expect(api.status).toBe(429);
      expect(await api.json()).toMatchObject({ reason: "rateLimited" });
      const retryAfter = Number(api.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(api.headers.get("ratelimit")).toMatch(/^limit=5, remaining=0, reset=\d+$/);
      // Without JavaScript: the page, translated, with the same headers.
      const page = await send(client, good, {});
      expect(page.status).toBe(429);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await page.text()).toContain(translator("en")("contact.form.reasons.rateLimited"));
      // Another client is not affected.
      expect((await send("198.51.100.21")).status).toBe(200);
      expect(await readMessages(limited.databasePath)).toHaveLength(6);
    });

    test("IPv6 clients share one budget per /64, whatever address of it they use", async () => {
      for (let i = 1; i <= 5; i++)
        expect((await send(`2001:db8:a:b::${i.toString(16)}`)).status).toBe(200);
      expect((await send("2001:db8:a:b:ffff:1:2:3")).status).toBe(429);
      expect((await send("2001:db8:a:c::1")).status).toBe(200);
    });
  });

  test.describe(`${kind}: submissions`, () => {
    const databases = testDatabases(kind);
    test.afterAll(() => databases.stop());

    test("a post without JavaScript, one from the form's script and one to the former /api/contact are stored and e-mailed once each; a message released from spam is e-mailed", async () => {
      const mail = await startSiteWithMail({
        ...(await databases.env()),
        OUTBOX_POLL_SECONDS: "0.2",
      });
      const { site: shop, smtp: inbox } = mail;
      try {
        const post = (path: string, fields: Record<string, string>, accept = json) =>
          fetch(`${shop.url}${path}`, {
            method: "POST",
            body: form(fields),
            headers: { origin: shop.url, ...urlencoded, ...accept },
          });
        // Without JavaScript: 303 to the "sent" page, which fetch follows.
        expect((await post("/ca/contact", { ...good, name: "Sense JS" }, {})).status).toBe(200);
        expect((await post("/en/contact", { ...good, name: "Amb JS" })).status).toBe(200);
        // A script loaded before the endpoint moved: 308 to the page, posted again.
        const former = await post("/api/contact?lang=es", {
          ...good,
          name: "Falso bot",
          website: "http://persona.example",
        });
        expect(former.status).toBe(200);
        expect(await former.json()).toEqual({ status: "sent" });
        // The outbox records a send after the SMTP server's reply, a moment after the mail
        // arrives: wait for the record, not for the mail.
        await eventually(
          async () =>
            (await readMessages(shop.databasePath)).filter((row) => row.status === "sent").length >=
            2,
        );
        const rows = await readMessages(shop.databasePath);
        expect(rows.map((row) => [row.name, row.lang, row.status])).toEqual([
          ["Sense JS", "ca", "sent"],
          ["Amb JS", "en", "sent"],
          ["Falso bot", "es", "spam"],
        ]);
        const spamId = String(rows[2]!.id);
        const released = spawnSync(process.execPath, ["scripts/inbox.ts", "not-spam", spamId], {
          env: { ...process.env, DATABASE_URL: "", DATABASE_PATH: "", ...envOf(shop.databasePath) },
          encoding: "utf8",
        });
        expect(released.stdout).toContain(`Mensaje n.º ${spamId} liberado del spam`);
        await eventually(async () => (await readMessages(shop.databasePath))[2]?.status === "sent");
        // Stopped, the only server has finished any send in progress: what arrived is final.
        await shop.stop();
        expect(
          inbox.received.map((m) =>
            m.headers["subject"]?.replace("Nuevo mensaje de contacto: ", ""),
          ),
        ).toEqual(["Sense JS", "Amb JS", "Falso bot"]);
      } finally {
        await mail.stop();
      }
    });
  });
}

/** The inbox CLI's environment for a site's database (a SQLite file or a postgres:// URL). */
function envOf(database: string) {
  return database.startsWith("postgres://")
    ? { DATABASE_URL: database }
    : { DATABASE_PATH: database };
}

test("the same message posted three times within minutes is stored and e-mailed once, each post answered as sent", async () => {
  const repeated = { ...good, name: "Repetido", message: "Una vez basta" };
  for (let i = 0; i < 3; i++) {
    const answer = await post("/contact", form(repeated), { ...urlencoded, ...json });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: "sent" });
  }
  // Another text from the same person is another message.
  await post("/contact", form({ ...repeated, message: "Y otra cosa" }), { ...urlencoded, ...json });
  const rows = (await readMessages(site.databasePath)).filter((row) => row.name === "Repetido");
  expect(rows.map((row) => row.message)).toEqual(["Una vez basta", "Y otra cosa"]);
  await eventually(
    () => smtp.received.filter((mail) => mail.text.includes("Una vez basta")).length === 1,
  );
});
