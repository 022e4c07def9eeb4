import pino from "pino";
import { describe, expect, it } from "vitest";
import type { NewMessage } from "#app/contact/store.server.ts";
import { submitContact } from "#app/contact/submit.server.ts";

const person = { name: "Marta", email: "marta@example.es", message: "Hola" };

/** Submits `body` as the form would, and says what was stored and whether it goes out by e-mail. */
async function submit(body: string, timed = true, type = "application/x-www-form-urlencoded") {
  const stored: NewMessage[] = [];
  let mailed = 0;
  const response = await submitContact(
    new Request("http://localhost/api/contact", {
      method: "POST",
      body,
      headers: { "content-type": type },
    }),
    { clientKey: "192.0.2.1", lang: "es", timed },
    {
      store: { insert: async (message) => stored.push(message), isRepeat: async () => false },
      consume: async () => ({ allowed: true, headers: {} }),
      onStored: () => void mailed++,
      minFillMs: 3000,
      log: pino({ level: "silent" }),
    },
  );
  expect(response.result).toEqual({ status: "sent" });
  expect(stored).toHaveLength(1);
  return { ...stored[0]!, mailed: mailed === 1 };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("the fill time of a submission from the form's script", () => {
  it("delivers a message written in time unmarked", async () => {
    expect(await submit(form({ ...person, elapsed: "3000" }))).toMatchObject({
      suspicion: undefined,
      spamReason: undefined,
      mailed: true,
    });
  });

  it("delivers one sent faster than people write, marked as suspected", async () => {
    expect(await submit(form({ ...person, elapsed: "1200" }))).toMatchObject({
      suspicion: "too-fast",
      spamReason: undefined,
      mailed: true,
    });
  });

  it("treats a missing, malformed or repeated fill time as suspect, and still delivers it", async () => {
    for (const body of [
      form(person),
      form({ ...person, elapsed: "abc" }),
      form({ ...person, elapsed: "" }),
      form({ ...person, elapsed: "-5000" }),
      form({ ...person, elapsed: "Infinity" }),
      form({ ...person, elapsed: "1e9" }),
      `${form({ ...person, elapsed: "9000" })}&elapsed=9000`,
    ]) {
      expect(await submit(body), body).toMatchObject({ suspicion: "no-timer", mailed: true });
    }
  });

  it("keeps a filled honeypot as spam, never e-mailed, whatever the fill time", async () => {
    for (const elapsed of ["9000", "10", "abc"]) {
      expect(
        await submit(form({ ...person, website: "http://spam.example", elapsed })),
      ).toMatchObject({ spamReason: "honeypot", suspicion: undefined, mailed: false });
    }
  });
});

describe("a submission of the form without JavaScript", () => {
  it("is not suspected for lacking the fill time it has no way to send", async () => {
    expect(await submit(form(person), false)).toMatchObject({
      suspicion: undefined,
      mailed: true,
    });
  });
});

describe("what is stored", () => {
  it("has one kind of line break: a lone CR or CRLF in the message arrives as LF", async () => {
    const message = "Línea uno\rlínea dos\r\nlínea tres";
    expect(await submit(form({ ...person, message, elapsed: "9000" }))).toMatchObject({
      message: "Línea uno\nlínea dos\nlínea tres",
    });
    const boundary = "limite";
    const multipart = [
      ...Object.entries({ ...person, message, elapsed: "9000" }).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}--\r\n`,
    ].join("");
    expect(
      await submit(multipart, true, `multipart/form-data; boundary=${boundary}`),
    ).toMatchObject({ message: "Línea uno\nlínea dos\nlínea tres" });
  });

  it("never holds a name or address made of invisible characters: refused as empty", async () => {
    const response = await submitContact(
      new Request("http://localhost/api/contact", {
        method: "POST",
        body: form({ name: "\u3164\u200B", email: "\u2800", message: "Hola", elapsed: "9000" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      { clientKey: "192.0.2.1", lang: "es", timed: true },
      {
        store: {
          insert: async () => {
            throw new Error("must not be stored");
          },
          isRepeat: async () => false,
        },
        consume: async () => ({ allowed: true, headers: {} }),
        onStored: () => undefined,
        minFillMs: 0,
        log: pino({ level: "silent" }),
      },
    );
    expect(response.status).toBe(400);
    expect(response.result).toMatchObject({
      status: "failed",
      reason: "invalid",
      fieldErrors: { name: "required", email: "required" },
    });
  });
});

describe("a repeated submission", () => {
  it("is answered as sent, but neither stored nor e-mailed again", async () => {
    const stored: NewMessage[] = [];
    let mailed = 0;
    const post = () =>
      submitContact(
        new Request("http://localhost/contact", {
          method: "POST",
          body: form({ ...person, elapsed: "9000" }),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        { clientKey: "192.0.2.1", lang: "es", timed: true },
        {
          store: {
            insert: async (message) => stored.push(message),
            isRepeat: async (message) =>
              stored.some((earlier) => earlier.message === message.message),
          },
          consume: async () => ({ allowed: true, headers: {} }),
          onStored: () => void mailed++,
          minFillMs: 0,
          log: pino({ level: "silent" }),
        },
      );
    for (let i = 0; i < 3; i++) expect((await post()).result).toEqual({ status: "sent" });
    expect(stored).toHaveLength(1);
    expect(mailed).toBe(1);
  });

  it("is kept once when the two posts of a double click arrive together", async () => {
    const stored: NewMessage[] = [];
    const post = () =>
      submitContact(
        new Request("http://localhost/contact", {
          method: "POST",
          body: form({ ...person, message: "Dos clics", elapsed: "9000" }),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        { clientKey: "192.0.2.1", lang: "es", timed: true },
        {
          store: {
            // A database write takes a turn of the event loop, as a real one does.
            insert: async (message) => {
              await new Promise((resolve) => setImmediate(resolve));
              return stored.push(message);
            },
            isRepeat: async (message) =>
              stored.some((earlier) => earlier.message === message.message),
          },
          consume: async () => ({ allowed: true, headers: {} }),
          onStored: () => undefined,
          minFillMs: 0,
          log: pino({ level: "silent" }),
        },
      );
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((answer) => answer.result)).toEqual(Array(3).fill({ status: "sent" }));
    expect(stored).toHaveLength(1);
  });
});
