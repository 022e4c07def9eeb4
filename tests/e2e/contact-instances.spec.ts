import { expect, test } from "@playwright/test";
import { startPostgres, type Postgres } from "#tests/support/postgres.ts";
import { startSmtp, type ReceivedMail } from "#tests/support/smtp.ts";
import { eventually, readMessages, startSite, type Site } from "#tests/support/site.ts";

// Two production servers on one PostgreSQL database and one mail server, the way a load
// balancer runs them; one of them dies midway.
let postgres: Postgres;
test.beforeAll(async () => {
  postgres = await startPostgres();
});
test.afterAll(() => postgres.stop());

const total = 300;
const parallel = 8;

test("two servers share the work; one is SIGKILLed midway: every acknowledged message is stored once and e-mailed exactly once", async () => {
  test.setTimeout(180_000);
  const database = await postgres.createDatabase();
  const doomed: { site?: Site } = {};
  let killedWhileSending: number | undefined;

  const smtp = await startSmtp(0, {
    // Kill one server in the middle of an SMTP transaction of its own, after a third of
    // the deliveries: the message it was sending stays claimed by a dead server.
    async beforeAccept(mail: ReceivedMail) {
      if (!doomed.site || killedWhileSending !== undefined || smtp.received.length < total / 3)
        return;
      const id = Number(/<contact-(\d+)-/.exec(mail.headers["message-id"] ?? "")?.[1]);
      const row = (await readMessages(database)).find((message) => message.id === id) as
        { claimed_by?: string } | undefined;
      if (!row?.claimed_by?.includes(`:${doomed.site.pid}:`)) return;
      killedWhileSending = id;
      await doomed.site.kill();
      return "421 4.4.2 sender gone";
    },
  });
  const env = {
    DATABASE_URL: database,
    SMTP_URL: smtp.url,
    RATE_LIMIT_MAX: "100000",
    CONTACT_MAIL_PER_HOUR: "100000",
    OUTBOX_POLL_SECONDS: "0.2",
    // A short lease, so the survivor soon takes over what the dead server had claimed; a
    // deadline that a loaded machine's SMTP exchange fits in.
    OUTBOX_LEASE_SECONDS: "6",
    SMTP_SEND_DEADLINE_SECONDS: "3",
  };
  const [first, second] = await Promise.all([startSite(env), startSite(env)]);
  doomed.site = first;
  const servers = [first!, second!];

  try {
    const acknowledged: string[] = [];
    let next = 0;
    async function worker() {
      while (next < total) {
        const n = next++;
        const site = servers[n % 2]!;
        const name = `Cliente ${n}`;
        try {
          const response = await fetch(`${site.url}/contact`, {
            method: "POST",
            headers: {
              origin: site.url,
              accept: "application/json",
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({
              name,
              email: `c${n}@example.com`,
              message: `Mensaje ${n}`,
              elapsed: "9000",
            }),
          });
          if (response.status === 200) acknowledged.push(name);
        } catch {
          // The killed server: not acknowledged, so the visitor knows to try again.
        }
      }
    }
    await Promise.all(Array.from({ length: parallel }, worker));
    expect(acknowledged.length).toBeGreaterThan(total / 2);

    await eventually(() => killedWhileSending !== undefined, 60_000);
    // The survivor sends everything, including what the dead server had claimed.
    await eventually(
      async () => (await readMessages(database)).every((row) => row.status === "sent"),
      90_000,
    );
    const rows = await readMessages(database);
    await eventually(() => smtp.received.length >= rows.length, 10_000);
    // Every row is sent, so nothing is left to claim; stopped, the survivor has finished any
    // send in progress: what arrived is all that will ever arrive.
    await second!.stop();
    const mails = smtp.received.map((mail) =>
      mail.headers["subject"]?.replace("Nuevo mensaje de contacto: ", ""),
    );

    const count = (list: (string | undefined)[], name: string) =>
      list.filter((item) => item === name).length;
    for (const name of acknowledged) {
      expect(
        count(
          rows.map((row) => row.name),
          name,
        ),
        `${name} stored`,
      ).toBe(1);
      expect(count(mails, name), `${name} e-mailed`).toBe(1);
    }
    // Nothing at all was e-mailed twice, acknowledged or not.
    const all = smtp.received.map((mail) => mail.headers["subject"]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(rows.length);
    // The one the dead server was sending went out once, from the survivor.
    const lost = rows.find((row) => row.id === killedWhileSending);
    expect(lost).toBeDefined();
    expect(count(mails, lost?.name ?? "")).toBe(1);
  } finally {
    await Promise.all(servers.map((site) => site.stop()));
    await smtp.close();
  }
});
