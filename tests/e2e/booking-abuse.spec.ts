import type { APIRequestContext } from "@playwright/test";
import { readInvitation, startCalendarServer } from "#tests/support/calendar.ts";
import {
  eventually,
  readMessages,
  startSite,
  startSiteWithMail,
  tempDatabasePath,
  type Site,
} from "#tests/support/site.ts";
import type { SmtpServer } from "#tests/support/smtp.ts";
import { expect, test, translator } from "#tests/e2e/support.ts";

// A booked call must not be a lever for mailing a stranger: one booking in a stranger's name,
// then 40 moves of it, must give at most a handful of e-mails, the rest refused in words.
const owner = "owner@example.com";
const stranger = "stranger@example.org";
/** Free slots of Monday 29 March 2027 (09:00, 09:30 and 10:00 in Madrid). */
const slots = ["2027-03-29T07:00:00Z", "2027-03-29T07:30:00Z", "2027-03-29T08:00:00Z"].map(
  Date.parse,
);

let calendar: Awaited<ReturnType<typeof startCalendarServer>>;
let smtp: SmtpServer;
let site: Site;
let stop: () => Promise<void>;

async function start(env: Record<string, string> = {}) {
  calendar = await startCalendarServer();
  ({ smtp, site, stop } = await startSiteWithMail({
    CONTACT_TO: owner,
    ...calendar.settings,
    OUTBOX_POLL_SECONDS: "1",
    OUTBOX_RETRY_BASE_SECONDS: "1",
    ...env,
  }));
}
test.afterEach(async () => {
  await stop();
  await calendar.close();
});

type Answer = { status: string; reason?: string; manage?: string };

/** A post of the booking pages as their script sends it; `from`: the client's address. */
async function post(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  from?: string,
) {
  const response = await request.post(`${site.url}${path}`, {
    form,
    headers: {
      Origin: site.url,
      Accept: "application/json",
      ...(from ? { "X-Forwarded-For": from } : {}),
    },
  });
  return { status: response.status(), answer: (await response.json()) as Answer };
}

const book = (request: APIRequestContext, start: number, from?: string) =>
  post(
    request,
    "/book",
    { name: "Mallory", email: stranger, company: "", topic: "Buy now", slot: String(start) },
    from,
  );

const tokenOf = (answer: Answer) => new URL(answer.manage ?? "", site.url).searchParams.get("t")!;

/** The e-mails queued for an address, sent or not: the site's own record of them. */
async function queuedTo(address: string) {
  return (await readMessages(site.databasePath)).filter((row) => row.email === address);
}

test("40 moves from one client: three are made, the rest refused in words, four e-mails reach the stranger", async ({
  page,
}) => {
  await start();
  const booked = await book(page.request, slots[0]!);
  expect(booked.answer.status).toBe("booked");
  const token = tokenOf(booked.answer);

  const answers = [];
  for (let n = 0; n < 40; n++) {
    answers.push(
      await post(page.request, "/book/manage", { t: token, slot: String(slots[1 + (n % 2)]) }),
    );
  }
  expect(answers.filter((a) => a.answer.status === "booked")).toHaveLength(3);
  const refused = answers.filter((a) => a.answer.status !== "booked");
  expect(refused).toHaveLength(37);
  for (const { status, answer } of refused) {
    expect(status).toBe(429);
    expect(["tooManyChanges", "rateLimited"]).toContain(answer.reason);
  }

  // Without JavaScript the refusal is a page that says why, in the visitor's language.
  const t = translator("en");
  const response = await page.request.post(`${site.url}/en/book/manage?t=${token}`, {
    form: { t: token, slot: String(slots[1]) },
    headers: { Origin: site.url, Accept: "text/html" },
  });
  expect(response.status()).toBe(429);
  expect(await response.text()).toContain(t("booking.reasons.rateLimited"));

  // The booking and three moves: four e-mails each to the stranger and to the company.
  expect(await queuedTo(stranger)).toHaveLength(4);
  const toOwner = await queuedTo(owner);
  expect(toOwner).toHaveLength(4);
  // The company's copy is the company's: no greeting of the visitor, no visitor's link.
  const received = await eventually(() => {
    const mails = smtp.received.filter((mail) => mail.envelope.to.includes(owner));
    return mails.length === 4 ? mails : undefined;
  }, 30_000);
  for (const mail of received) {
    expect(mail.text).not.toContain("Hello Mallory");
    expect(mail.text).not.toContain("/book/manage");
    expect(readInvitation(mail.raw).text).not.toContain(token);
  }
});

test("from many networks: a call is moved three times at most, and a stranger's address is mailed five times a day", async ({
  request,
}) => {
  // Every request names its own client (X-Forwarded-For from a trusted hop): no client limit
  // helps here, only the limits per call and per address.
  await start({ TRUST_PROXY: "loopback" });
  const client = (n: number) => `203.0.113.${n}`;
  const booked = await book(request, slots[0]!, client(1));
  const token = tokenOf(booked.answer);
  const answers = [];
  for (let n = 0; n < 40; n++) {
    answers.push(
      await post(
        request,
        "/book/manage",
        { t: token, slot: String(slots[1 + (n % 2)]) },
        client(10 + n),
      ),
    );
  }
  expect(answers.filter((a) => a.answer.status === "booked")).toHaveLength(3);
  expect(answers.slice(3).map((a) => a.answer.reason)).toEqual(
    Array<string>(37).fill("tooManyChanges"),
  );
  // A second booking in the stranger's name is the fifth e-mail of the day; a third is refused.
  const second = await book(request, Date.parse("2027-03-30T07:00:00Z"), client(100));
  expect(second.answer.status).toBe("booked");
  const third = await book(request, Date.parse("2027-03-30T07:30:00Z"), client(101));
  expect(third.status).toBe(429);
  expect(third.answer.reason).toBe("rateLimited");
  // Cancelling still works: the company is told, the stranger is not mailed a sixth time.
  const cancelled = await post(
    request,
    "/book/manage",
    { t: tokenOf(second.answer), intent: "cancel" },
    client(102),
  );
  expect(cancelled.answer.status).toBe("cancelled");
  expect(await queuedTo(stranger)).toHaveLength(5);
  expect(await queuedTo(owner)).toHaveLength(6);
});

/** Every slot the booking page offers, from the fixtures' day to three weeks on (no script). */
async function offered(request: APIRequestContext): Promise<number[]> {
  const starts: number[] = [];
  for (let day = 0; day < 23; day++) {
    const date = new Date(Date.parse("2027-03-24T12:00:00Z") + day * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const html = await (await request.get(`${site.url}/book?day=${date}`)).text();
    for (const [, start] of html.matchAll(/<button type="submit" value="(\d+)"[^>]*name="slot"/g)) {
      starts.push(Number(start));
    }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

test("ten plus-tagged spellings of one mailbox get no more than its day's budget of e-mails, none showing the name typed", async ({
  request,
}) => {
  // Found by a probe: the budget was keyed on the address as typed, so victim+1@, victim+2@…
  // each had five e-mails a day, each greeting the stranger with whatever name was typed.
  await start({ TRUST_PROXY: "loopback" });
  const free = await offered(request);
  const spellings = Array.from({ length: 10 }, (_, n) =>
    n % 2 ? `Victim+${n}@Example.org` : `victim+${n}@example.org`,
  );
  const answers = [];
  for (const [n, email] of spellings.entries()) {
    answers.push(
      await post(
        request,
        "/book",
        {
          name: "Claim your prize at http://spam.example now",
          email,
          company: "",
          topic: "Hi",
          slot: String(free[n]),
        },
        `198.51.100.${n + 1}`,
      ),
    );
  }
  expect(answers.map((a) => a.answer.status ?? a.status)).toEqual([
    ...Array<string>(5).fill("booked"),
    ...Array<string>(5).fill("failed"),
  ]);
  for (const { status, answer } of answers.slice(5)) {
    expect(status).toBe(429);
    expect(answer.reason).toBe("rateLimited");
  }
  const toMailbox = (await readMessages(site.databasePath)).filter((row) =>
    /^victim\+\d+@example\.org$/i.test(row.email),
  );
  expect(toMailbox).toHaveLength(5);
  const received = await eventually(() => {
    const mails = smtp.received.filter((mail) => /victim\+/i.test(mail.envelope.to.join()));
    return mails.length === 5 ? mails : undefined;
  }, 30_000);
  for (const mail of received) {
    expect(mail.raw).not.toMatch(/prize|spam\.example/);
    // The greeting names nobody (the invitation is multipart: the raw text holds it).
    expect(mail.raw).toContain("Hola: tu llamada");
  }
  // The company is told who booked, with the name as typed.
  expect(smtp.received.some((mail) => mail.text?.includes("Claim your prize"))).toBe(true);
});

test("150 bookings from 150 IPv6 networks leave at least half of the times bookable by a new visitor, and the owner is told once", async ({
  request,
}) => {
  test.setTimeout(180_000);
  // Found by a probe: 156 posts through the trusted proxy, each from another /64, booked 10
  // and held 146 of 156 slots: the page offered nothing for half an hour.
  await start({ TRUST_PROXY: "loopback" });
  const before = await offered(request);
  // Three weeks of the company's hours, less its calendar: 142 slots.
  expect(before.length).toBeGreaterThan(100);
  const statuses: string[] = [];
  for (let n = 0; n < 150; n++) {
    const { answer } = await post(
      request,
      "/book",
      {
        name: `Bot ${n}`,
        email: `bot${n}@example.net`,
        company: "",
        topic: "Hi",
        slot: String(before[n % before.length]),
      },
      `2001:db8:${n.toString(16)}::1`,
    );
    statuses.push(answer.status);
  }
  expect(statuses.filter((status) => status === "booked")).toHaveLength(10);
  const after = await offered(request);
  expect(after.length).toBeGreaterThanOrEqual(before.length / 2);

  // A new visitor books one of them: held (the day's direct bookings are spent), confirmed
  // from the e-mail, booked.
  const late = await post(
    request,
    "/book",
    { name: "Late", email: "late@example.org", company: "", topic: "Hi", slot: String(after[0]) },
    "2001:db8:ffff::1",
  );
  expect(late.answer.status).toBe("held");
  const [confirmation] = await queuedTo("late@example.org");
  const mail = JSON.parse(confirmation?.mail ?? "{}") as { text: string };
  const token = /\?t=([\w.-]+)/.exec(mail.text)?.[1] ?? "";
  const confirmed = await post(
    request,
    "/book/manage",
    { t: token, intent: "confirm" },
    "2001:db8:ffff::1",
  );
  expect(confirmed.answer.status).toBe("booked");

  // The owner: one notice that bookings are held, one that holds reached their cap.
  const t = translator("es");
  const subjects = (await queuedTo(owner)).map((row) => row.message);
  expect(
    subjects.filter((subject) => subject === t("booking.mail.owner.holdCap.subject")),
  ).toHaveLength(1);
  expect(
    subjects.filter((subject) => subject === t("booking.mail.owner.held.subject")),
  ).toHaveLength(1);
});

test.describe(() => {
  // The times as the server writes them, on Madrid's clock.
  test.use({ javaScriptEnabled: false });
  test("a calendar of 40 events repeated daily since 1970 is read in bounds, off the main thread: its times are not offered", async ({
    page,
  }) => {
    calendar = await startCalendarServer();
    ({ smtp, site, stop } = await startSiteWithMail({
      ...calendar.settings,
      BOOKING_CALENDAR_URL: calendar.url("hostile.ics"),
    }));
    const health = (await (await page.request.get(`${site.url}/healthz`)).json()) as {
      booking: { stale: boolean; lastError: unknown };
    };
    expect(health.booking).toMatchObject({ stale: false, lastError: null });
    await page.goto(`${site.url}/book?day=2027-03-29`);
    // 09:00-09:30 UTC is 11:00-11:30 in Madrid's summer time.
    const times = (await page.locator('#booking-slots button[name="slot"]').allTextContents()).map(
      (text) => text.trim(),
    );
    expect(times).toContain("10:30");
    expect(times).toContain("11:30");
    expect(times).not.toContain("11:00");
  });
});

test("a call's link is a key until the call ends, and in one spelling only", async ({
  request,
}) => {
  const database = tempDatabasePath();
  const key = { BOOKING_SECRET: "k".repeat(40), DATABASE_PATH: database };
  await start(key);
  const booked = await book(request, slots[0]!);
  const token = tokenOf(booked.answer);
  const page = (base: string, t: string) => request.get(`${base}/book/manage?t=${t}`);
  expect((await page(site.url, token)).status()).toBe(200);
  // The signature is of the number: leading zeros are not another key to the same call.
  expect((await page(site.url, `0${token}`)).status()).toBe(403);
  const zeros = await post(request, "/book/manage", { t: `00${token}`, intent: "cancel" });
  expect(zeros.status).toBe(403);

  // The same database, with the clock at the end of the call (30 minutes after it started).
  await stop();
  const later = await startSite({
    ...calendar.settings,
    ...key,
    BOOKING_NOW: new Date(slots[0]! + 30 * 60_000).toISOString(),
  });
  try {
    expect((await page(later.url, token)).status()).toBe(403);
    const cancel = await request.post(`${later.url}/book/manage`, {
      form: { t: token, intent: "cancel" },
      headers: { Origin: later.url, Accept: "application/json" },
    });
    expect(cancel.status()).toBe(403);
  } finally {
    await later.stop();
    stop = async () => {};
  }
});

test.describe(() => {
  test.use({ javaScriptEnabled: false });

  test("a burst of bookings from many networks takes no more than the day's budget: the rest wait for a confirmation from the e-mail, and are free again without it", async ({
    page,
    request,
  }) => {
    const database = tempDatabasePath();
    const env = {
      TRUST_PROXY: "loopback",
      BOOKING_SECRET: "s".repeat(40),
      DATABASE_PATH: database,
    };
    await start(env);
    // 25 free slots: 09:00-12:30 in Madrid on Monday 29 to Wednesday 31, and Wednesday's 15:00.
    const starts = [29, 30, 31]
      .flatMap((day) =>
        Array.from(
          { length: 8 },
          (_, n) => Date.parse(`2027-03-${day}T07:00:00Z`) + n * 30 * 60_000,
        ),
      )
      .concat(Date.parse("2027-03-31T13:00:00Z"));
    const visitor = (n: number) => `visitor${n}@example.org`;
    const answers = [];
    for (const [n, start] of starts.entries()) {
      // The first three from one network, then one network each.
      const from = n < 3 ? "203.0.113.1" : `198.51.100.${n}`;
      const { status, answer } = await post(
        request,
        "/book",
        { name: `Visitor ${n}`, email: visitor(n), company: "", topic: "Hi", slot: String(start) },
        from,
      );
      expect(status).toBe(200);
      answers.push(answer);
    }
    // Two a network, ten a day at once; the rest held, and their answer holds no link.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, 3)).toEqual(["booked", "booked", "held"]);
    expect(statuses.filter((status) => status === "booked")).toHaveLength(10);
    expect(statuses.filter((status) => status === "held")).toHaveLength(15);
    for (const answer of answers.filter((a) => a.status === "held")) {
      expect(answer.manage).not.toContain("t=");
    }
    // The owner: ten invitations and one notice that bookings are held; the held visitors
    // one e-mail each, which asks them to confirm and invites to nothing yet.
    const toOwner = await queuedTo(owner);
    expect(toOwner).toHaveLength(11);
    expect(toOwner.filter((row) => !row.message.includes("Visitor"))).toHaveLength(1);
    const heldVisitor = 24;
    const [confirmation] = await queuedTo(visitor(heldVisitor));
    const mail = JSON.parse(confirmation?.mail ?? "{}") as {
      text: string;
      icalEvent?: unknown;
    };
    expect(mail.icalEvent).toBeUndefined();
    const token = /\?t=([\w.-]+)/.exec(mail.text)?.[1] ?? "";

    // Held slots are not offered while the hold lasts (Wednesday 09:00 is the 17th booking).
    await page.goto(`${site.url}/book?day=2027-03-31`);
    const times = async () =>
      (await page.locator('#booking-slots button[name="slot"]').allTextContents()).map((text) =>
        text.trim(),
      );
    expect(await times()).not.toContain("09:00");
    expect(await times()).not.toContain("15:00");

    // The link in the e-mail confirms the call: now it is booked and its invitations go out.
    const t = translator("es");
    await page.goto(`${site.url}/book/manage?t=${token}`);
    await expect(page.getByText(t("booking.manage.statusHeld"), { exact: true })).toBeVisible();
    await page.getByRole("button", { name: t("booking.manage.confirm") }).click();
    await expect(page.getByRole("status")).toContainText(t("booking.booked.title"));
    await expect(page.getByText(t("booking.manage.statusBooked"), { exact: true })).toBeVisible();
    expect(await queuedTo(visitor(heldVisitor))).toHaveLength(2);

    // Half an hour later, the holds nobody confirmed are over: their slots are free again.
    await stop();
    const later = await startSite({
      ...calendar.settings,
      ...env,
      BOOKING_NOW: "2027-03-24T12:30:00+01:00",
    });
    stop = async () => void (await later.stop());
    await page.goto(`${later.url}/book?day=2027-03-31`);
    expect(await times()).toContain("09:00");
    expect(await times()).not.toContain("15:00");
    const again = await request.post(`${later.url}/book`, {
      form: {
        name: "Late",
        email: "late@example.org",
        company: "",
        topic: "Hi",
        slot: String(Date.parse("2027-03-31T07:00:00Z")),
      },
      headers: { Origin: later.url, Accept: "application/json", "X-Forwarded-For": "192.0.2.1" },
    });
    // Taken again (held too: the day's budget is still spent), where the old hold kept it.
    expect(again.status()).toBe(200);
    expect(((await again.json()) as Answer).status).toBe("held");
  });
});
