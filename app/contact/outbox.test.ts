import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../tests/support/postgres";
import { startSilentSmtp, startSmtp, type SmtpServer } from "../../tests/support/smtp";
import { createMailer } from "./mailer.server";
import { backoffMs, createOutbox, type OutboxOptions } from "./outbox.server";
import { openStore, type MessageStore } from "./store.server";

const options: OutboxOptions = {
  pollMs: 50,
  retryBaseMs: 20,
  retryMaxMs: 80,
  maxAttempts: 3,
  leaseMs: 60_000,
  mailPerWindow: 100,
  windowMs: 3600_000,
};
const lines: string[] = [];
const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });

const until = async (check: () => boolean | Promise<boolean>, tries = 400) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
};

const person = (n: number) => ({
  lang: "en",
  name: `Person ${n}`,
  email: `p${n}@example.com`,
  message: `Hi ${n}\nsecond line`,
});

describe("backoff", () => {
  it("doubles from the base and stops at the cap", () => {
    const real = { ...options, retryBaseMs: 30_000, retryMaxMs: 4 * 3600_000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, real))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(14, real)).toBe(4 * 3600_000);
  });
});

describe.each(["sqlite", "postgres"] as const)("outbox on %s", (kind) => {
  let postgres: Postgres | undefined;
  let store: MessageStore;
  let smtp: SmtpServer | undefined;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    if (kind === "postgres") postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await store?.close();
    await smtp?.close();
    smtp = undefined;
    lines.length = 0;
  });

  async function freshStore() {
    store = await openStore({
      url: postgres ? await postgres.createDatabase() : undefined,
      path: path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "site.db"),
    });
    return store;
  }

  /** One after the other, so ids follow the numbers. */
  async function insertEach(numbers: number[]) {
    const ids: number[] = [];
    for (const n of numbers) ids.push(await store.insert(person(n)));
    return ids;
  }

  /** An outbox e-mailing the given SMTP URL, running. */
  function startOutbox(
    url: string,
    overrides: Partial<OutboxOptions> = {},
    timeoutMs = 5000,
    deadlineMs = 10_000,
  ) {
    const mailer = createMailer(url, {
      from: "a@example.com",
      to: "b@example.com",
      timeoutMs,
      deadlineMs,
    });
    const outbox = createOutbox(store, mailer, { ...options, ...overrides }, log);
    outbox.start();
    stops.push(() => outbox.stop());
    return outbox;
  }

  it("marks a message failed and logs loudly when the mail server keeps refusing it", async () => {
    smtp = await startSmtp(0, { reject: "451 4.3.0 mailbox busy" });
    await freshStore();
    const id = await store.insert({
      lang: "es",
      name: "Ana",
      email: "ana@example.com",
      message: "Hola",
    });
    const outbox = startOutbox(smtp.url);
    await until(async () => (await store.get(id))?.status === "failed");
    expect(await store.get(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect((await store.get(id))?.lastError).toContain("mailbox busy");
    expect(await store.counts()).toMatchObject({ pending: 0, failed: 1 });
    const loud = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((l) => l.level >= 50);
    expect(loud?.msg).toContain("UNDELIVERABLE");
    // The log names the message, never its content or address.
    expect(lines.join("\n")).not.toContain("ana@example.com");
    expect(outbox.lastError?.message).toContain("mailbox busy");
  });

  it("leaves spam alone and delivers each pending message once", async () => {
    smtp = await startSmtp();
    await freshStore();
    await store.insert({ ...person(0), name: "Bot", spamReason: "honeypot" });
    const ids = await insertEach([1, 2, 3]);
    const outbox = startOutbox(smtp.url);
    await Promise.all([outbox.kick(), outbox.kick()]);
    await until(async () =>
      (await Promise.all(ids.map((id) => store.get(id)))).every((m) => m?.status === "sent"),
    );
    expect(smtp.received.map((mail) => mail.headers["subject"])).toEqual(
      ["Person 1", "Person 2", "Person 3"].map((name) => `Nuevo mensaje de contacto: ${name}`),
    );
  });

  it("gives up on a mail server that accepts the connection and never answers, within the bound, and moves on", async () => {
    // Without working timeouts nodemailer would wait minutes for its greeting.
    const silent = await startSilentSmtp();
    stops.push(() => silent.close());
    await freshStore();
    const ids = await insertEach([1, 2]);
    startOutbox(silent.url, { retryBaseMs: 60_000 }, 300);
    // Both messages were tried (the first timing out did not stall the second) and wait for a retry.
    await until(async () =>
      (await Promise.all(ids.map((id) => store.get(id)))).every((m) => m?.attempts === 1),
    );
    const first = (await store.get(ids[0]!))!;
    expect(first).toMatchObject({ status: "pending" });
    expect(first.lastError).toMatch(/greeting never received|timeout/i);
  });

  it("gives up a send that passes its deadline, though each reply came within the timeout", async () => {
    // The first message stalls the reply to its data longer than the whole-send deadline but
    // within the connection's timeout: only the deadline ends it, before the lease could.
    let stalls = 1;
    smtp = await startSmtp(0, {
      beforeAccept: async () => {
        if (stalls-- > 0) await new Promise((r) => setTimeout(r, 1500));
        return undefined;
      },
    });
    await freshStore();
    const id = await store.insert(person(1));
    startOutbox(smtp.url, { retryBaseMs: 60_000 }, 5000, 300);
    await until(async () => (await store.get(id))?.attempts === 1);
    const tried = (await store.get(id))!;
    expect(tried).toMatchObject({ status: "pending" });
    expect(tried.lastError).toMatch(/deadline/);
  });

  it("delivers a message claimed by a server that died, once its lease has ended", async () => {
    smtp = await startSmtp();
    await freshStore();
    const id = await store.insert(person(1));
    // Another server claimed it and died before sending.
    const [claimed] = await store.claimDue("dead-server", Date.now(), 400, 10);
    expect(claimed?.id).toBe(id);
    startOutbox(smtp.url, { leaseMs: 60_000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(0); // still leased to the dead server
    await until(async () => (await store.get(id))?.status === "sent");
    expect(smtp.received).toHaveLength(1);
  });

  it("above the hourly cap keeps messages and sends one summary when the window ends", async () => {
    smtp = await startSmtp();
    await freshStore();
    const ids = await insertEach([1, 2, 3, 4, 5]);
    // Start at the beginning of a window, so all five fall into the same one.
    const windowMs = 2000;
    await until(() => Date.now() % windowMs < 200, 200);
    startOutbox(smtp.url, { mailPerWindow: 2, windowMs });
    await until(async () => (await store.counts()).held === 3 || smtp!.received.length > 2, 200);
    expect(smtp.received).toHaveLength(2);
    await until(async () => smtp!.received.length === 3);
    const summary = smtp.received[2]!;
    expect(summary.headers["subject"]).toBe("3 mensajes de contacto más (resumen)");
    for (const id of ids.slice(2)) expect(summary.text).toContain(`#${id} `);
    expect(summary.text).toContain("Person 5: Hi 5");
    expect(summary.text).toContain("npm run inbox -- list");
    await until(async () =>
      (await Promise.all(ids.slice(2).map((id) => store.get(id)))).every(
        (m) => m?.status === "summarized",
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(3); // one summary, not one e-mail each
  }, 15_000);
});
