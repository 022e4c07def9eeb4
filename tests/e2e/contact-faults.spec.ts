import { expect, test } from "@playwright/test";
import { translator } from "#tests/e2e/support.ts";
import { holdWrites, startPostgres, storeKinds, testDatabases } from "#tests/support/postgres.ts";
import { startSilentSmtp, startSmtp } from "#tests/support/smtp.ts";
import {
  eventually,
  freePort,
  readMessages,
  startSite,
  tempDatabasePath,
} from "#tests/support/site.ts";

// Fast retries so that outages of a second or two are enough; a short lease so a restarted
// server takes over what the killed one had claimed; a short wait for a locked database.
// The send deadline leaves a loaded machine room to finish an SMTP exchange: a deadline that
// fires after the mail server has the message makes a duplicate these tests would report.
const fastOutbox = {
  OUTBOX_POLL_SECONDS: "0.2",
  OUTBOX_RETRY_BASE_SECONDS: "0.3",
  OUTBOX_RETRY_MAX_SECONDS: "1",
  OUTBOX_LEASE_SECONDS: "6",
  SMTP_SEND_DEADLINE_SECONDS: "3",
  DATABASE_STATEMENT_TIMEOUT_SECONDS: "1",
};

const fields = (name: string) => ({
  name,
  email: "cliente@example.com",
  message: `Mensaje de ${name}`,
  elapsed: "9000",
});

/** A message as the form's script sends it: to the contact page, asking for JSON. */
const send = (url: string, name: string) =>
  fetch(`${url}/contact`, {
    method: "POST",
    headers: {
      origin: url,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields(name)),
  });

const subjects = (mails: { headers: Record<string, string> }[]) =>
  mails.map((mail) => mail.headers["subject"]?.replace("Nuevo mensaje de contacto: ", ""));

const health = async (url: string) =>
  (await (await fetch(`${url}/healthz`)).json()) as {
    database: boolean;
    pending: number;
    failed: number;
    lastDeliveryError: { message: string } | null;
  };

for (const kind of storeKinds) {
  test.describe(kind, () => {
    const databases = testDatabases(kind);
    test.afterAll(() => databases.stop());

    test("the mail server is down when a message arrives: it is delivered once it is back, exactly once", async () => {
      const smtpPort = await freePort();
      const site = await startSite({
        ...fastOutbox,
        ...(await databases.env()),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      });
      try {
        expect((await send(site.url, "Caída")).status).toBe(200);
        // Deliveries fail while nothing listens on the SMTP port.
        const failing = await eventually(async () => {
          const [row] = await readMessages(site.databasePath);
          return row && row.attempts >= 2 ? row : undefined;
        });
        expect(failing.status).toBe("pending");

        const smtp = await startSmtp(smtpPort);
        try {
          await eventually(
            async () => (await readMessages(site.databasePath))[0]?.status === "sent",
          );
          // Stopped, the only server has finished any send in progress: what arrived is final.
          await site.stop();
          expect(subjects(smtp.received)).toEqual(["Caída"]);
        } finally {
          await smtp.close();
        }
      } finally {
        await site.stop();
      }
    });

    test("a mail server that accepts the connection and never answers: each try times out within the bound, the outbox moves on, and the message is delivered once when it works again", async () => {
      const silent = await startSilentSmtp();
      const site = await startSite({
        ...fastOutbox,
        ...(await databases.env()),
        SMTP_URL: silent.url,
        SMTP_TIMEOUT_SECONDS: "1",
        // The greeting timeout, not the whole-send deadline, is what this test proves.
        SMTP_SEND_DEADLINE_SECONDS: "2",
        OUTBOX_LEASE_SECONDS: "4",
      });
      try {
        expect((await send(site.url, "Uno")).status).toBe(200);
        expect((await send(site.url, "Dos")).status).toBe(200);
        // nodemailer's own greeting timeout is 30 s: two tries of each message in this
        // test's time prove the configured bound applies.
        await eventually(
          async () => (await readMessages(site.databasePath)).every((row) => row.attempts >= 2),
          25_000,
        );
        expect((await readMessages(site.databasePath)).map((row) => row.status)).toEqual([
          "pending",
          "pending",
        ]);
        expect((await health(site.url)).lastDeliveryError?.message).toMatch(/greeting|timeout/i);

        await silent.close();
        const smtp = await startSmtp(silent.port);
        try {
          await eventually(
            async () =>
              (await readMessages(site.databasePath)).every((row) => row.status === "sent"),
            15_000,
          );
          expect(subjects(smtp.received).sort()).toEqual(["Dos", "Uno"]);
        } finally {
          await smtp.close();
        }
      } finally {
        await site.stop();
      }
    });

    test("the database refuses writes: the visitor gets the translated 503 with their text kept, the server stays up", async () => {
      const site = await startSite({ ...fastOutbox, ...(await databases.env()) });
      try {
        const release = await holdWrites(site.databasePath);
        try {
          // Without JavaScript: the page again, in the visitor's language, with what they wrote.
          const response = await fetch(`${site.url}/en/contact`, {
            method: "POST",
            headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ ...fields("Bloqueo"), message: "Texto que no se pierde" }),
          });
          expect(response.status).toBe(503);
          const html = await response.text();
          const t = translator("en");
          // Its first sentence (the rest names the e-mail address, HTML-escaped).
          expect(html).toContain(t("contact.form.reasons.unavailable").split(".")[0]);
          expect(html).toContain("Texto que no se pierde");
          expect(html).toContain('value="Bloqueo"');
          // With JavaScript: the JSON answer.
          const json = await send(site.url, "Bloqueo");
          expect(json.status).toBe(503);
          expect(await json.json()).toMatchObject({ status: "failed", reason: "unavailable" });
          // Still serving, and honest about the database.
          expect((await fetch(`${site.url}/`)).status).toBe(200);
        } finally {
          await release();
        }
        expect((await send(site.url, "Después")).status).toBe(200);
        expect((await readMessages(site.databasePath)).map((row) => row.name)).toEqual(["Después"]);
      } finally {
        await site.stop();
      }
    });

    test("the database refuses writes right after the mail server accepted a message: it is not sent again, and recorded as sent once writes work", async () => {
      let release: (() => Promise<void>) | undefined;
      let database = "";
      const smtp = await startSmtp(0, {
        // The moment between the mail server's acceptance and the outbox recording it.
        beforeAccept: async () => {
          release ??= await holdWrites(database);
        },
      });
      const site = await startSite({
        ...fastOutbox,
        ...(await databases.env()),
        SMTP_URL: smtp.url,
        LOG_LEVEL: "error",
      });
      database = site.databasePath;
      try {
        expect((await send(site.url, "Una vez")).status).toBe(200);
        // Several delivery passes fail against the locked database…
        await eventually(
          () => (site.output().match(/outbox pass stopped/g)?.length ?? 0) >= 3,
          20_000,
        );
        // …and none of them sends the message again.
        expect(subjects(smtp.received)).toEqual(["Una vez"]);
        await release?.();
        await eventually(async () => (await readMessages(site.databasePath))[0]?.status === "sent");
        expect((await readMessages(site.databasePath))[0]?.attempts).toBe(1);
        expect(subjects(smtp.received)).toEqual(["Una vez"]);
      } finally {
        await release?.().catch(() => {});
        await site.stop();
        await smtp.close();
      }
    });

    test("the server is killed right after acknowledging messages: after a restart every one is kept and delivered once", async () => {
      const smtpPort = await freePort();
      const env = {
        RATE_LIMIT_MAX: "100",
        CONTACT_MAIL_PER_HOUR: "100",
        ...fastOutbox,
        DATABASE_PATH: tempDatabasePath(),
        ...(await databases.env()),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      };
      const first = await startSite(env);
      const names = Array.from({ length: 25 }, (_, i) => `Cliente ${i + 1}`);
      try {
        const answers = await Promise.all(names.map((name) => send(first.url, name)));
        expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
      } finally {
        await first.kill(); // SIGKILL: no shutdown code runs
      }

      expect((await readMessages(first.databasePath)).map((row) => row.name).sort()).toEqual(
        [...names].sort(),
      );

      const smtp = await startSmtp(smtpPort);
      const second = await startSite(env);
      try {
        await eventually(
          async () =>
            (await readMessages(second.databasePath)).every((row) => row.status === "sent"),
          20_000,
        );
        // Stopped, the only server left has finished any send in progress: what arrived is final.
        await second.stop();
        expect(subjects(smtp.received).sort()).toEqual([...names].sort());
      } finally {
        await second.stop();
        await smtp.close();
      }
    });

    test("a message the mail server keeps refusing is counted as failed in /healthz", async () => {
      const smtp = await startSmtp(0, { reject: "550 5.1.1 no such mailbox" });
      const site = await startSite({
        ...fastOutbox,
        ...(await databases.env()),
        SMTP_URL: smtp.url,
        OUTBOX_MAX_ATTEMPTS: "2",
      });
      try {
        expect((await send(site.url, "Rechazado")).status).toBe(200);
        await eventually(async () => (await health(site.url)).failed === 1);
        expect(await health(site.url)).toMatchObject({ database: true, pending: 0, failed: 1 });
      } finally {
        await site.stop();
        await smtp.close();
      }
    });
  });
}

test("without SMTP_URL the server starts, says messages are only stored, and keeps them", async () => {
  const site = await startSite({ LOG_LEVEL: "info" });
  try {
    expect((await send(site.url, "Sin correo")).status).toBe(200);
    expect(await readMessages(site.databasePath)).toMatchObject([
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
  await expect(startSite({ DATABASE_URL: "mysql://db/site" })).rejects.toThrow(/DATABASE_URL/);
});

test("PostgreSQL goes away while serving: /healthz says so with 503, the form answers 503, pages still work", async () => {
  const postgres = await startPostgres();
  const site = await startSite({
    DATABASE_URL: await postgres.createDatabase(),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: "1",
  });
  try {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    await postgres.stop();
    const down = await fetch(`${site.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "unavailable", database: false });
    expect((await send(site.url, "Sin base")).status).toBe(503);
    expect((await fetch(`${site.url}/en/contact`)).status).toBe(200);
  } finally {
    await site.stop();
    await postgres.stop();
  }
});

test("an unreachable PostgreSQL stops start-up with a message naming DATABASE_URL", async () => {
  const port = await freePort();
  await expect(
    startSite({ DATABASE_URL: `postgres://site:secret@127.0.0.1:${port}/site` }),
  ).rejects.toThrow(/DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:\d+\/site/);
});
