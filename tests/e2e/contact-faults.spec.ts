import { expect, test } from "@playwright/test";
import { startSmtp } from "../support/smtp";
import { eventually, freePort, readMessages, startSite, tempDatabasePath } from "../support/site";

// Fast retries so that outages of a second or two are enough.
const fastOutbox = {
  OUTBOX_POLL_SECONDS: "0.2",
  OUTBOX_RETRY_BASE_SECONDS: "0.3",
  OUTBOX_RETRY_MAX_SECONDS: "1",
};

const send = (url: string, name: string) =>
  fetch(`${url}/api/contact?lang=es`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name,
      email: "cliente@example.com",
      message: `Mensaje de ${name}`,
      elapsed: "9000",
    }),
  });

test("the mail server is down when a message arrives: it is delivered once it is back, exactly once", async () => {
  const smtpPort = await freePort();
  const site = await startSite({
    ...fastOutbox,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  });
  try {
    expect((await send(site.url, "Caída")).status).toBe(200);
    // Deliveries fail while nothing listens on the SMTP port.
    const failing = await eventually(() => {
      const [row] = readMessages(site.databasePath);
      return row && row.attempts >= 2 ? row : undefined;
    });
    expect(failing.status).toBe("pending");

    const smtp = await startSmtp(smtpPort);
    try {
      await eventually(() => readMessages(site.databasePath)[0]?.status === "sent");
      await new Promise((resolve) => setTimeout(resolve, 1500)); // room for a duplicate to show up
      expect(smtp.received.map((mail) => mail.headers["subject"])).toEqual([
        "Nuevo mensaje de contacto: Caída",
      ]);
    } finally {
      await smtp.close();
    }
  } finally {
    await site.stop();
  }
});

test("the server is killed right after acknowledging messages: after a restart every one is kept and delivered", async () => {
  const smtpPort = await freePort();
  const databasePath = tempDatabasePath();
  const env = {
    RATE_LIMIT_MAX: "100",
    ...fastOutbox,
    DATABASE_PATH: databasePath,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  };
  const first = await startSite(env);
  const names = Array.from({ length: 25 }, (_, i) => `Cliente ${i + 1}`);
  const answers = await Promise.all(names.map((name) => send(first.url, name)));
  expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
  await first.kill(); // SIGKILL: no shutdown code runs

  expect(
    readMessages(databasePath)
      .map((row) => row.name)
      .sort(),
  ).toEqual([...names].sort());

  const smtp = await startSmtp(smtpPort);
  const second = await startSite(env);
  try {
    await eventually(
      () => readMessages(databasePath).every((row) => row.status === "sent"),
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const subjects = smtp.received.map((mail) =>
      mail.headers["subject"]?.replace("Nuevo mensaje de contacto: ", ""),
    );
    expect(subjects.sort()).toEqual([...names].sort());
  } finally {
    await second.stop();
    await smtp.close();
  }
});

test("without SMTP_URL the server starts, says messages are only stored, and keeps them", async () => {
  const site = await startSite({ LOG_LEVEL: "info" });
  try {
    expect((await send(site.url, "Sin correo")).status).toBe(200);
    expect(readMessages(site.databasePath)).toMatchObject([
      { name: "Sin correo", status: "pending" },
    ]);
    expect(site.output()).toContain("SMTP_URL is not set");
  } finally {
    await site.stop();
  }
});

test("a wrong setting stops start-up with a message naming it", async () => {
  await expect(startSite({ SMTP_URL: "http://not-smtp" })).rejects.toThrow(/SMTP_URL/);
  await expect(startSite({ RATE_LIMIT_MAX: "many" })).rejects.toThrow(/RATE_LIMIT_MAX/);
});
