import pino from "pino";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";
import { startSilentSmtp, startSmtp, type SmtpServer } from "#tests/support/smtp.ts";
import { composeSummary, messageSource } from "#app/contact/notification.server.ts";
import { backoffMs, createOutbox, type OutboxOptions } from "#app/mail/outbox.server.ts";
import { createSender } from "#app/mail/sender.server.ts";
import { composedMails } from "#app/mail/service.server.ts";
import type { NewMessage } from "#app/contact/store.server.ts";
import { openMessages, type OpenedMessages } from "#tests/support/database.ts";
import { bookingStore } from "#app/booking/store.server.ts";

const hour = 3600_000;
const options: OutboxOptions = {
  // The tests run passes themselves (kick); the poll only adds passes that find nothing new.
  pollMs: 50,
  retryBaseMs: 20,
  retryMaxMs: 80,
  maxAttempts: 3,
  leaseMs: 60_000,
  mailPerWindow: 100,
  windowMs: hour,
};
const addresses = { from: "a@example.com", to: "b@example.com" };
const lines: string[] = [];
const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });

const person = (n: number): NewMessage => ({
  lang: "en",
  name: `Person ${n}`,
  email: `p${n}@example.com`,
  message: `Hi ${n}\nsecond line`,
});

describe("backoff", () => {
  it("doubles from the base and stops at the cap", () => {
    const real = { ...options, retryBaseMs: 30_000, retryMaxMs: 4 * hour };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, real))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(14, real)).toBe(4 * hour);
  });
});

describe(`outbox on ${databaseUnderTest}`, () => {
  const databases = unitTestDatabases();
  let store: OpenedMessages;
  let smtp: SmtpServer | undefined;
  const stops: (() => Promise<void>)[] = [];
  /** The outbox's clock: it moves only when a test moves it. */
  let time: number;

  afterAll(() => databases.stop());
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await store?.close();
    await smtp?.close();
    smtp = undefined;
    lines.length = 0;
  });

  async function freshStore() {
    // The start of a window of the e-mail cap, as a test of the cap needs.
    time = 500_000 * hour;
    store = await openMessages(await databases.open());
    return store;
  }

  /** One after the other, so ids follow the numbers. */
  async function insertEach(messages: NewMessage[]) {
    const ids: number[] = [];
    for (const message of messages) ids.push(await store.insert(message, time));
    return ids;
  }

  const statuses = async (ids: number[]) =>
    (await Promise.all(ids.map((id) => store.get(id)))).map((message) => message?.status);

  /** An outbox e-mailing the given SMTP URL, running on the test's clock. */
  function startOutbox(
    url: string,
    overrides: Partial<OutboxOptions> = {},
    timeoutMs = 5000,
    deadlineMs = 10_000,
  ) {
    const outbox = createOutbox(
      {
        sources: [
          messageSource(store, addresses),
          composedMails(store.mails, "owner@example.com", log),
        ],
        quota: store.limits,
        sender: createSender(url, { timeoutMs, deadlineMs }),
        summarize: (items) => composeSummary(items, addresses),
      },
      { ...options, now: () => time, ...overrides },
      log,
    );
    outbox.start();
    stops.push(() => outbox.stop());
    return outbox;
  }

  it("marks a message failed and logs loudly when the mail server keeps refusing it", async () => {
    smtp = await startSmtp(0, { reject: "451 4.3.0 mailbox busy" });
    await freshStore();
    const [id] = await insertEach([{ ...person(1), email: "ana@example.com" }]);
    const outbox = startOutbox(smtp.url);
    for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
      await outbox.kick();
      expect(await store.get(id!)).toMatchObject({ attempts: attempt });
      time += options.retryMaxMs; // the retry is due
    }
    expect(await store.get(id!)).toMatchObject({ status: "failed", attempts: 3 });
    expect((await store.get(id!))?.lastError).toContain("mailbox busy");
    expect(await store.counts()).toMatchObject({ pending: 0, failed: 1 });
    const loud = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((l) => l.level >= 50);
    expect(loud?.msg).toContain("UNDELIVERABLE");
    // The log names the message, never its content or address.
    expect(lines.join("\n")).not.toContain("ana@example.com");
    expect(outbox.lastError?.message).toContain("mailbox busy");
  });

  it("leaves spam alone and delivers each pending message once, a suspected one marked", async () => {
    smtp = await startSmtp();
    await freshStore();
    await insertEach([{ ...person(0), name: "Bot", spamReason: "honeypot" }]);
    const ids = await insertEach([person(1), { ...person(2), suspicion: "too-fast" }, person(3)]);
    const outbox = startOutbox(smtp.url);
    await Promise.all([outbox.kick(), outbox.kick()]);
    expect(await statuses(ids)).toEqual(["sent", "sent", "sent"]);
    await outbox.kick();
    expect(smtp.received.map((mail) => mail.headers["subject"])).toEqual([
      "Nuevo mensaje de contacto: Person 1",
      "[Posible spam] Nuevo mensaje de contacto: Person 2",
      "Nuevo mensaje de contacto: Person 3",
    ]);
    expect(smtp.received[1]!.text.split("\n")[0]).toMatch(/^Posible spam: se envió muy poco/);
    expect(smtp.received[0]!.text).not.toContain("Posible spam");
  });

  it("gives up on a mail server that accepts the connection and never answers, within the bound, and moves on", async () => {
    // Without working timeouts nodemailer would wait minutes for its greeting.
    const silent = await startSilentSmtp();
    stops.push(() => silent.close());
    await freshStore();
    const ids = await insertEach([person(1), person(2)]);
    const outbox = startOutbox(silent.url, { retryBaseMs: 60_000 }, 300);
    await outbox.kick();
    // Both messages were tried (the first timing out did not stall the second) and wait for a retry.
    for (const id of ids) expect(await store.get(id)).toMatchObject({ attempts: 1 });
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
    const [id] = await insertEach([person(1)]);
    const outbox = startOutbox(smtp.url, { retryBaseMs: 60_000 }, 5000, 300);
    await outbox.kick();
    const tried = (await store.get(id!))!;
    expect(tried).toMatchObject({ status: "pending", attempts: 1 });
    expect(tried.lastError).toMatch(/deadline/);
  });

  it("delivers a message claimed by a server that died, once its lease has ended", async () => {
    smtp = await startSmtp();
    await freshStore();
    const [id] = await insertEach([person(1)]);
    // Another server claimed it and died before sending.
    const [claimed] = await store.claimDue("dead-server", time, 400, 10);
    expect(claimed?.id).toBe(id);
    const outbox = startOutbox(smtp.url);
    time += 399;
    await outbox.kick();
    expect(smtp.received).toHaveLength(0); // still leased to the dead server
    time += 1;
    await outbox.kick();
    expect(await store.get(id!)).toMatchObject({ status: "sent" });
    expect(smtp.received).toHaveLength(1);
  });

  it("above the hourly cap keeps messages, suspected ones too, and sends one summary when the window ends", async () => {
    smtp = await startSmtp();
    await freshStore();
    const ids = await insertEach([
      person(1),
      person(2),
      person(3),
      { ...person(4), suspicion: "no-timer" },
      person(5),
    ]);
    const outbox = startOutbox(smtp.url, { mailPerWindow: 2 });
    await outbox.kick();
    expect(smtp.received).toHaveLength(2);
    expect(await statuses(ids)).toEqual(["sent", "sent", "held", "held", "held"]);
    expect(await store.counts()).toMatchObject({ held: 3, suspected: 1 });

    time += options.windowMs - 1;
    await outbox.kick();
    expect(smtp.received).toHaveLength(2); // the window has not ended
    time += 1;
    await outbox.kick();
    expect(smtp.received).toHaveLength(3);
    const summary = smtp.received[2]!;
    expect(summary.headers["subject"]).toBe("3 mensajes de contacto más (resumen)");
    for (const id of ids.slice(2)) expect(summary.text).toContain(`#${id} `);
    expect(summary.text).toContain("Person 5: Hi 5");
    expect(summary.text).toContain("[Posible spam] Person 4: Hi 4");
    expect(summary.text).toContain("1 de ellos");
    expect(summary.text).toContain("npm run inbox -- list");
    expect(await statuses(ids.slice(2))).toEqual(["summarized", "summarized", "summarized"]);
    await outbox.kick();
    expect(smtp.received).toHaveLength(3); // one summary, not one e-mail each
  });

  it("counts the company's copies of bookings against the hourly cap, never the visitor's", async () => {
    smtp = await startSmtp();
    await freshStore();
    const bookings = bookingStore(store.database);
    for (const n of [1, 2, 3]) {
      const mail = (to: string) => ({
        recipient: to,
        name: `Person ${n}`,
        mail: { from: "a@example.com", to, subject: `Call ${n}`, text: "Booked" },
      });
      await bookings.book(
        {
          createdAt: time,
          lang: "es",
          name: `Person ${n}`,
          email: `p${n}@example.com`,
          company: null,
          topic: "Hi",
          start: time + n * hour,
          end: time + n * hour + hour / 2,
        },
        () => [mail(`p${n}@example.com`), mail("Owner@example.com")],
        time,
      );
    }
    const outbox = startOutbox(smtp.url, { mailPerWindow: 2 });
    await outbox.kick();
    const to = (address: string) =>
      smtp!.received.filter((mail) => mail.envelope.to.includes(address)).length;
    expect([1, 2, 3].map((n) => to(`p${n}@example.com`))).toEqual([1, 1, 1]);
    expect(to("Owner@example.com")).toBe(2);
    expect(await store.mails.counts()).toMatchObject({ held: 1 });
    // Composed e-mails are the outbox's own; the visitors' messages stay apart.
    expect(await store.list()).toEqual([]);
  });

  it("e-mails a name with a right-to-left override or an encoded word as it is shown, never decoded", async () => {
    smtp = await startSmtp();
    await freshStore();
    await insertEach([
      { ...person(1), name: "Eve \u202Egnp.exe", message: "Hola\u202E mundo" },
      { ...person(2), name: "=?utf-8?B?QWRtaW4=?=" },
    ]);
    const outbox = startOutbox(smtp.url);
    await outbox.kick();
    const [first, second] = smtp.received;
    for (const mail of [first!, second!]) {
      expect(mail.raw).not.toContain("\u202E");
      expect(mail.text).not.toContain("\u202E");
    }
    expect(first!.headers["subject"]).toBe("Nuevo mensaje de contacto: Eve gnp.exe");
    expect(first!.headers["reply-to"]).toBe('"Eve gnp.exe" <p1@example.com>');
    // As a mail client decodes the header: the characters, not "Admin".
    expect(second!.headers["subject"]).toBe(
      "Nuevo mensaje de contacto: =\u00A0?utf-8?B?QWRtaW4=\u00A0?=",
    );
  });
});
