import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtp, type SmtpServer } from "../../../tests/support/smtp";
import { createMailer } from "./mailer.server";
import { backoffMs, createOutbox, type OutboxOptions } from "./outbox.server";
import { openStore, type MessageStore } from "./store.server";

const options: OutboxOptions = { pollMs: 50, retryBaseMs: 20, retryMaxMs: 80, maxAttempts: 3 };
const lines: string[] = [];
const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });

let store: MessageStore;
let smtp: SmtpServer | undefined;
afterEach(async () => {
  store?.close();
  await smtp?.close();
  smtp = undefined;
  lines.length = 0;
});

function freshStore() {
  store = openStore(path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "site.db"));
  return store;
}

/** An outbox e-mailing the given SMTP server, running. */
function startOutbox(messages: MessageStore, server: SmtpServer) {
  const mailer = createMailer(server.url, { from: "a@example.com", to: "b@example.com" });
  const outbox = createOutbox(messages, mailer, options, log);
  outbox.start();
  return outbox;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe("backoff", () => {
  it("doubles from the base and stops at the cap", () => {
    const real = { pollMs: 5000, retryBaseMs: 30_000, retryMaxMs: 4 * 3600_000, maxAttempts: 15 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, real))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(14, real)).toBe(4 * 3600_000);
  });
});

describe("outbox", () => {
  it("marks a message failed and logs loudly when the mail server keeps refusing it", async () => {
    smtp = await startSmtp(0, { reject: "451 4.3.0 mailbox busy" });
    const messages = freshStore();
    const id = messages.insert({
      lang: "es",
      name: "Ana",
      email: "ana@example.com",
      message: "Hola",
    });
    const outbox = startOutbox(messages, smtp);
    await until(() => messages.get(id)?.status === "failed");
    await outbox.stop();
    expect(messages.get(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(messages.get(id)?.lastError).toContain("mailbox busy");
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
    const messages = freshStore();
    messages.insert({
      lang: "es",
      name: "Bot",
      email: "bot@example.com",
      message: "x",
      spamReason: "honeypot",
    });
    const ids = [1, 2, 3].map((n) =>
      messages.insert({
        lang: "en",
        name: `Person ${n}`,
        email: `p${n}@example.com`,
        message: "Hi",
      }),
    );
    const outbox = startOutbox(messages, smtp);
    await Promise.all([outbox.kick(), outbox.kick()]);
    await until(() => ids.every((id) => messages.get(id)?.status === "sent"));
    await outbox.stop();
    expect(smtp.received.map((mail) => mail.headers["subject"])).toEqual(
      ["Person 1", "Person 2", "Person 3"].map((name) => `Nuevo mensaje de contacto: ${name}`),
    );
  });
});
