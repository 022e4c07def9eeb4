import type { Page } from "@playwright/test";
import type { Language } from "#app/config/site.ts";
import { siteConfig } from "#app/config/site.ts";
import { dayLabel, timeLabel, whenLabel, zoneName } from "#app/booking/format.ts";
import { bookingPath } from "#app/routing/paths.ts";
import { readInvitation, startCalendarServer } from "#tests/support/calendar.ts";
import type { ReceivedMail, SmtpServer } from "#tests/support/smtp.ts";
import { eventually, startSiteWithMail, type Site } from "#tests/support/site.ts";
import {
  expect,
  expectBookingUnavailable,
  expectNoAxeViolations,
  test,
  translator,
} from "#tests/e2e/support.ts";

// The booking page against the company's calendar served from ICS fixtures (a weekly
// stand-up with a moved occurrence, an all-day holiday, an event in New York's time, one
// marked free), on a clock set to Wednesday 24 March 2027, 11:55 in Madrid: the week shown
// includes the change to summer time (Sunday 28 March): `calendar.settings`
// (tests/support/calendar.ts).
const owner = "owner@example.com";

let calendar: Awaited<ReturnType<typeof startCalendarServer>>;
let smtp: SmtpServer;
let site: Site;
let stop: () => Promise<void>;
test.beforeEach(async () => {
  calendar = await startCalendarServer();
  ({ smtp, site, stop } = await startSiteWithMail({
    CONTACT_TO: owner,
    CONTACT_FROM: "Web <web@example.com>",
    ...calendar.settings,
    BOOKING_LOCATION: "https://meet.example.com/isla-digital",
    OUTBOX_POLL_SECONDS: "1",
    // A send that fails on a busy machine is tried again within seconds, not half a minute.
    OUTBOX_RETRY_BASE_SECONDS: "1",
  }));
});
// The page goes before its server: a page left open can still send the visit beacon it queued
// at load, and a stopped server refuses it, a console error that failed a short test.
test.afterEach(async ({ page }) => {
  await page.close();
  await stop();
  await calendar.close();
});

/** Half-hour starts from `from` up to (not including) `to`, as "09:00". */
function halfHours(from: string, to: string): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const starts: string[] = [];
  for (let m = minutes(from); m < minutes(to); m += 30) {
    starts.push(
      `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`,
    );
  }
  return starts;
}

/** The week around the change to summer time, as the calendar leaves it free (Madrid time). */
const expectedWeek: [string, string[]][] = [
  // The minimum notice (24 h) leaves Thursday from 12:00; the stand-up (09:00) is before.
  ["2027-03-25", [...halfHours("12:00", "13:00"), ...halfHours("15:00", "17:00")]],
  // Friday 26 is the all-day company holiday: not offered at all. Summer time from Sunday.
  // Monday: the stand-up's exception moved it to 16:00-17:00.
  ["2027-03-29", [...halfHours("09:00", "13:00"), ...halfHours("15:00", "16:00")]],
  // Tuesday: 10:00-11:00 in New York (EDT) is 16:00-17:00 in Madrid (CEST).
  ["2027-03-30", [...halfHours("09:00", "13:00"), ...halfHours("15:00", "16:00")]],
  // Wednesday: the event marked "free" blocks nothing.
  ["2027-03-31", [...halfHours("09:00", "13:00"), ...halfHours("15:00", "17:00")]],
];

/** Reaches for the calendar, which loads its script, and waits until it has taken over. */
async function enhance(page: Page) {
  await page.locator("#booking-picker").hover();
  await expect(page.locator("#booking-picker [data-enhanced]")).toBeAttached();
}

/** The slot buttons of the day shown, each named on screen by its time. */
const slotButtons = (page: Page) => page.locator('#booking-slots button[name="slot"]');

/** The times offered on a loaded page. */
async function slotTimes(page: Page) {
  return (await slotButtons(page).allTextContents()).map((text) => text.trim());
}

/** The invitations the mail server received for `recipient`, read with node-ical. */
async function invitationsTo(recipient: string, count: number): Promise<ReceivedMail[]> {
  return eventually(() => {
    const mails = smtp.received.filter((mail) => mail.envelope.to.includes(recipient));
    return mails.length >= count ? mails : undefined;
  }, 30_000);
}

function expectInvitation(mail: ReceivedMail, method: string, start: string, sequence: number) {
  const { method: found, event } = readInvitation(mail.raw);
  expect(found).toBe(method);
  expect(new Date(event.start as Date).toISOString()).toBe(start);
  expect(new Date(event.end as Date).getTime() - new Date(event.start as Date).getTime()).toBe(
    30 * 60_000,
  );
  expect(Number(event.sequence)).toBe(sequence);
  return event;
}

async function fillDetails(page: Page, lang: Language, name: string, email: string) {
  const t = translator(lang);
  await page.getByLabel(t("booking.form.name"), { exact: true }).fill(name);
  await page.getByLabel(t("booking.form.email"), { exact: true }).fill(email);
  await page.getByLabel(t("booking.form.company"), { exact: true }).fill("Ferrer Logística");
  await page
    .getByLabel(t("booking.form.topic"), { exact: true })
    .fill("Automatizar la facturación.\nY hablar de IA.");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "Europe/Madrid" });

  test("offers exactly the free slots of the week across the summer-time change, and books one", async ({
    page,
  }) => {
    const t = translator("es");
    await page.goto(`${site.url}/book`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("booking.title"));
    const days = page.getByRole("navigation", { name: t("booking.days") }).getByRole("link");
    // Every day with a free slot, in order; the holiday and the weekend are not there.
    await expect(days.first()).toContainText(dayLabel("2027-03-25", "es"));
    for (const [i, [date, slots]] of expectedWeek.entries()) {
      await expect(days.nth(i)).toHaveAccessibleName(
        `${dayLabel(date, "es")}, ${t("booking.slotCount", { count: slots.length })}`,
        { ignoreCase: true },
      );
    }
    for (const [date, slots] of expectedWeek) {
      await days.filter({ hasText: dayLabel(date, "es") }).click();
      await expect(page).toHaveURL(new RegExp(`day=${date}`));
      // Retried: the click's page may still be arriving when its URL is already shown.
      await expect(slotButtons(page)).toHaveText(slots);
      // Named as Madrid's winter time before Sunday 28, summer time after.
      const zone = zoneName(Date.parse(`${date}T10:00:00Z`), "es", "Europe/Madrid");
      await expect(page.getByText(t("booking.zone", { zone }))).toBeVisible();
    }

    // Monday 29 at 09:00 in Madrid is 07:00 UTC (summer time).
    await days.filter({ hasText: dayLabel("2027-03-29", "es") }).click();
    await page.getByRole("button", { name: t("booking.chooseSlot", { time: "09:00" }) }).click();
    await fillDetails(page, "es", "Marta Ferrer", "marta@example.es");
    await page.getByRole("button", { name: t("booking.form.submit") }).click();
    await expect(page).toHaveURL(/\/book\/manage\?t=\d+\.[\w-]+&booked=1$/);
    await expect(page.getByRole("status")).toContainText(t("booking.booked.title"));

    const [visitorMail] = await invitationsTo("marta@example.es", 1);
    const [ownerMail] = await invitationsTo(owner, 1);
    for (const mail of [visitorMail!, ownerMail!]) {
      const event = expectInvitation(mail, "REQUEST", "2027-03-29T07:00:00.000Z", 0);
      expect(String(event.location)).toBe("https://meet.example.com/isla-digital");
    }
    expect(visitorMail!.headers["subject"]).toContain(siteConfig.name);
    // The company's own copy: who booked, without the visitor's link.
    expect(ownerMail!.headers["subject"]).toContain("Marta Ferrer");
    expect(ownerMail!.text).not.toContain("/book/manage");
    // The slot is taken: no longer offered.
    await page.goto(`${site.url}/book?day=2027-03-29`);
    expect(await slotTimes(page)).not.toContain("09:00");
  });

  // The browser reports the refused link's status (403) in the console.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 403/] });
    test("moves and cancels through the signed link, and refuses a tampered one", async ({
      page,
    }) => {
      const t = translator("en");
      await page.goto(`${site.url}${bookingPath("en")}?day=2027-03-30`);
      /** A Madrid time as the English page shows it ("03:30 PM"). */
      const english = (utc: string) => timeLabel(Date.parse(utc), "en", "Europe/Madrid");
      const tuesday = english("2027-03-30T08:00:00Z");
      const wednesday = english("2027-03-31T13:30:00Z");
      await page.getByRole("button", { name: t("booking.chooseSlot", { time: tuesday }) }).click();
      await fillDetails(page, "en", "Joan Serra", "joan@example.es");
      await page.getByRole("button", { name: t("booking.form.submit") }).click();
      await expect(page).toHaveURL(/\/en\/book\/manage\?t=/);
      const manage = new URL(page.url());
      const token = manage.searchParams.get("t") ?? "";
      await invitationsTo("joan@example.es", 1);

      // Move: Tuesday 30, 10:00 → Wednesday 31, 15:30 (13:30 UTC).
      await page.getByRole("link", { name: t("booking.manage.move") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("booking.moveTitle"));
      await page
        .getByRole("navigation", { name: t("booking.days") })
        .getByRole("link")
        .filter({ hasText: dayLabel("2027-03-31", "en") })
        .click();
      await page
        .getByRole("button", { name: t("booking.chooseSlot", { time: wednesday }) })
        .click();
      await page.getByRole("button", { name: t("booking.form.moveSubmit") }).click();
      await expect(page.getByRole("status")).toHaveText(t("booking.manage.moved"));
      const moved = await invitationsTo("joan@example.es", 2);
      expectInvitation(moved[1]!, "REQUEST", "2027-03-31T13:30:00.000Z", 1);
      expectInvitation(
        (await invitationsTo(owner, 2))[1]!,
        "REQUEST",
        "2027-03-31T13:30:00.000Z",
        1,
      );
      // The old slot is free again.
      await page.goto(`${site.url}${bookingPath("en")}?day=2027-03-30`);
      expect(await slotTimes(page)).toContain(tuesday);

      // Cancel.
      await page.goto(`${site.url}${manage.pathname}?t=${token}`);
      await page.getByRole("button", { name: t("booking.manage.cancel") }).click();
      await expect(page.getByRole("status")).toHaveText(t("booking.manage.cancelled"));
      const cancelled = await invitationsTo("joan@example.es", 3);
      expectInvitation(cancelled[2]!, "CANCEL", "2027-03-31T13:30:00.000Z", 2);
      expectInvitation(
        (await invitationsTo(owner, 3))[2]!,
        "CANCEL",
        "2027-03-31T13:30:00.000Z",
        2,
      );
      await page.goto(`${site.url}${bookingPath("en")}?day=2027-03-31`);
      expect(await slotTimes(page)).toContain(wednesday);

      // A tampered link: refused, with a clear page; nothing can be cancelled with it.
      const [id, mac] = token.split(".");
      const forged = `${Number(id) + 1}.${mac}`;
      const response = await page.goto(`${site.url}${manage.pathname}?t=${forged}`);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("booking.manage.invalidTitle"),
      );
      const refused = await page.request.post(`${site.url}${manage.pathname}`, {
        form: {
          t: `${id}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`,
          intent: "cancel",
        },
        headers: { Origin: site.url, Accept: "application/json" },
      });
      expect(refused.status()).toBe(403);
    });
  });
});

test.describe("with JavaScript", () => {
  test.use({ timezoneId: "America/New_York" });

  test("books in place, with the times on the visitor's clock and the zone named", async ({
    page,
  }) => {
    const t = translator("en");
    // Not even the calendar brings another site in: every request goes to the site itself.
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${site.url}${bookingPath("en")}`);
    await enhance(page);
    // 09:00 in Madrid on Monday 29 is 03:00 in New York (EDT), whose zone is named.
    await page
      .getByRole("navigation", { name: t("booking.days") })
      .getByRole("link")
      .filter({ hasText: dayLabel("2027-03-29", "en") })
      .click();
    await expect(page.getByText(/Eastern Daylight Time/)).toBeVisible();
    await expect(page).toHaveURL(`${site.url}${bookingPath("en")}`);
    await page.getByRole("button", { name: t("booking.chooseSlot", { time: "03:00" }) }).click();
    await expect(page.getByLabel(t("booking.form.name"), { exact: true })).toBeVisible();
    await fillDetails(page, "en", "Anna Vidal", "anna@example.es");
    await page.getByRole("button", { name: t("booking.form.submit") }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText(t("booking.booked.title"));
    await expect(status).toContainText("Eastern Daylight Time");
    // No page load: still the booking page.
    await expect(page).toHaveURL(`${site.url}${bookingPath("en")}`);
    expect(requested.filter((url) => !url.startsWith(`${site.url}/`))).toEqual([]);
    expect(requested.filter((url) => url.includes("/assets/")).length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // The call's own page (its signed link), checked by axe too.
    await status.getByRole("link", { name: t("booking.manage.meta") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("booking.manage.title"));
    await expectNoAxeViolations(page);

    const [visitorMail] = await invitationsTo("anna@example.es", 1);
    const [ownerMail] = await invitationsTo(owner, 1);
    for (const mail of [visitorMail, ownerMail]) {
      expectInvitation(mail!, "REQUEST", "2027-03-29T07:00:00.000Z", 0);
    }
    // The visitor's in their language, on their clock; the company's in Spanish, on Madrid's.
    expect(visitorMail!.headers["subject"]).toContain("Call with");
    expect(visitorMail!.text).toContain("Eastern Daylight Time");
    expect(ownerMail!.headers["subject"]).toContain("Anna Vidal");
    expect(ownerMail!.text).toContain("hora de verano de Europa central");
  });

  test("one clock from the list to the confirmation and the call's page, named, in every language, without reaching for the calendar first", async ({
    page,
  }) => {
    const zone = "America/New_York";
    for (const [n, lang] of (["es", "en", "ca"] as const).entries()) {
      const t = translator(lang);
      const start = Date.parse("2027-03-29T07:00:00Z") + n * 30 * 60_000;
      await page.goto(`${site.url}${bookingPath(lang)}`);
      // Before any pointer or key reaches it, the list is already on the visitor's clock.
      await expect(
        page.getByText(t("booking.zone", { zone: zoneName(start, lang, zone) })),
      ).toBeVisible();
      await page
        .getByRole("navigation", { name: t("booking.days") })
        .getByRole("link")
        .filter({ hasText: dayLabel("2027-03-29", lang) })
        .click();
      const time = timeLabel(start, lang, zone);
      await page.getByRole("button", { name: t("booking.chooseSlot", { time }) }).click();
      const when = whenLabel(start, lang, zone);
      await expect(page.getByText(t("booking.chosen", { when }))).toBeVisible();
      await fillDetails(page, lang, `Visitante ${n}`, `visitante${n}@example.es`);
      await page.getByRole("button", { name: t("booking.form.submit") }).click();
      // Booked, or (the third from this network today) held for confirmation: the same time.
      const status = page.getByRole("status");
      await expect(status).toContainText(when);
      await expect(status).toContainText(t(n < 2 ? "booking.booked.title" : "booking.held.title"));
      if (n === 0) {
        await page
          .getByRole("status")
          .getByRole("link", { name: t("booking.manage.meta") })
          .click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("booking.manage.title"));
        await expect(page.getByText(when)).toBeVisible();
      }
    }
  });

  test.describe(() => {
    // The browser reports the answer's status (409) in the console.
    test.use({ allowedConsoleErrors: [/status of 409/] });
    test("the loser of a race is told and offered the next free slots", async ({ page }) => {
      const t = translator("es");
      await page.goto(`${site.url}/book?day=2027-03-31`);
      await enhance(page);
      await page.getByRole("button", { name: t("booking.chooseSlot", { time: "05:00" }) }).click();
      await fillDetails(page, "es", "Pere Coll", "pere@example.es");
      // Someone else takes 11:00 Madrid (05:00 New York) first.
      const slot = Date.parse("2027-03-31T09:00:00Z");
      const first = await page.request.post(`${site.url}/book`, {
        form: {
          name: "Otra",
          email: "otra@example.es",
          company: "",
          topic: "Hola",
          slot: String(slot),
        },
        headers: { Origin: site.url, Accept: "application/json" },
      });
      expect(((await first.json()) as { status: string }).status).toBe("booked");
      await page.getByRole("button", { name: t("booking.form.submit") }).click();
      await expect(page.getByRole("alert")).toContainText(t("booking.reasons.taken"));
      const next = page.getByRole("group", { name: t("booking.alternatives") }).getByRole("button");
      await expect(next).toHaveCount(3);
      await next.first().click();
      await expect(page.getByRole("status")).toContainText(t("booking.booked.title"));
      const [mail] = await invitationsTo("pere@example.es", 1);
      expectInvitation(mail!, "REQUEST", "2027-03-31T09:30:00.000Z", 0);
    });
  });
});

test("a topic typed before the calendar's script takes over is kept exactly, over the question carried over", async ({
  page,
}) => {
  const t = translator("es");
  const question = "¿Hacéis auditorías de accesibilidad?";
  const typed = `${question} Y otra cosa.`;
  // The script is held until the visitor has typed (each page the visitor opens asks again).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    // A request of a page already left is gone by then.
    await route.continue().catch(() => {});
  });
  await page.goto(`${site.url}${bookingPath("es")}?topic=${encodeURIComponent(question)}`);
  // Without the script a slot is a form button, answered by the page with the details form;
  // opened here by its address (what the button sends), as a link typed in: no page transition.
  const slot = slotButtons(page).first();
  const form = new URLSearchParams({
    day: await page.locator('#booking-slots input[name="day"]').inputValue(),
    topic: question,
    slot: (await slot.getAttribute("value")) ?? "",
  });
  await page.goto(`${site.url}${bookingPath("es")}?${form}`);
  const topic = page.getByLabel(t("booking.form.topic"), { exact: true });
  await expect(topic).toHaveValue(question);
  await topic.fill(typed.slice(0, -1));
  await topic.press("End");
  await topic.pressSequentially(".");
  await expect(topic).toHaveValue(typed);
  try {
    await expect(page.locator("#booking-picker [data-enhanced]")).not.toBeAttached();
  } finally {
    release();
  }
  await expect(page.locator("#booking-picker [data-enhanced]")).toBeAttached();
  await expect(topic).toHaveValue(typed);
  await topic.pressSequentially(" Gracias.");
  await expect(topic).toHaveValue(`${typed} Gracias.`);
});

test("axe finds nothing on the booking pages at 390 and 1440 px in both schemes", async ({
  page,
}) => {
  const t = translator("ca");
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const slot = Date.parse("2027-03-29T07:00:00Z");
      await page.goto(`${site.url}${bookingPath("ca")}?day=2027-03-29&slot=${slot}`);
      await expect(page.getByLabel(t("booking.form.name"), { exact: true })).toBeVisible();
      await enhance(page);
      await expectNoAxeViolations(page);
      // The errors of a form sent empty (without the browser's own checks).
      await page
        .locator("form[method=post]")
        .evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: t("booking.form.submit") }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoAxeViolations(page);
    }
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Europe/Madrid" });

  test("the days are one row of tiles that never wrap a name, the chosen one filled, the times right below", async ({
    page,
  }) => {
    const t = translator("es");
    await page.goto(`${site.url}${bookingPath("es")}`);
    const days = page.getByRole("navigation", { name: t("booking.days") });
    const tiles = await days.getByRole("link").evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        // Each part of the tile's date on one line.
        const wrapped = [...link.querySelectorAll("[aria-hidden] > span")].some(
          (part) => part.getClientRects().length > 1 || part.getBoundingClientRect().height > 40,
        );
        const style = getComputedStyle(link);
        return {
          top: Math.round(box.top),
          height: box.height,
          wrapped,
          current: link.getAttribute("aria-current"),
          background: style.backgroundColor,
        };
      }),
    );
    expect(tiles.length).toBeGreaterThan(4);
    expect(new Set(tiles.map((tile) => tile.top)).size).toBe(1);
    expect(new Set(tiles.map((tile) => tile.height)).size).toBe(1);
    expect(tiles.filter((tile) => tile.wrapped)).toEqual([]);
    // The chosen day is filled with another colour than the others, not only outlined.
    const [chosen, ...others] = tiles;
    expect(chosen!.current).toBe("date");
    for (const other of others) expect(other.background).not.toBe(chosen!.background);
    // The row scrolls by itself; the page does not.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    // The times follow the days within a few lines, not seven rows of tiles later.
    const daysBottom = (await days.boundingBox())!;
    const times = (await page.locator("#booking-slots").boundingBox())!;
    expect(times.y - (daysBottom.y + daysBottom.height)).toBeLessThan(80);
    await expectNoAxeViolations(page);
  });

  test("what a choice scrolls to stays clear of the fixed header", async ({ page }) => {
    const t = translator("es");
    await page.goto(`${site.url}${bookingPath("es")}`);
    await enhance(page);
    const header = (await page.getByRole("banner").boundingBox())!;
    const bar = header.y + header.height;
    await page
      .getByRole("navigation", { name: t("booking.days") })
      .getByRole("link")
      .nth(3)
      .click();
    await slotButtons(page).last().click();
    // The details are focused, so scrolled into view: below the bar, not under it.
    const details = page.getByRole("region", { name: t("booking.detailsTitle") });
    await expect(details).toBeFocused();
    expect((await details.boundingBox())!.y).toBeGreaterThanOrEqual(bar);
    // Without JavaScript the same choices are anchors (#booking-slots, #booking-details) and
    // keyboard focus moves through the slot buttons: each keeps the bar's height clear.
    for (const target of [page.locator("#booking-slots"), details, slotButtons(page).first()]) {
      const margin = await target.evaluate((node) =>
        parseFloat(getComputedStyle(node).scrollMarginTop),
      );
      expect(margin).toBeGreaterThanOrEqual(bar);
    }
  });
});

test("a calendar that cannot be read shows no slot, but the contact form and the e-mail address", async ({
  page,
}) => {
  const broken = await startCalendarServer({ failing: true });
  const other = await startSiteWithMail(broken.settings);
  try {
    await page.goto(`${other.site.url}/book`);
    await expectBookingUnavailable(page, "es");
    await expectNoAxeViolations(page);
    const health = (await (await page.request.get(`${other.site.url}/healthz`)).json()) as {
      booking: { stale: boolean; lastError: { message: string } | null };
    };
    expect(health.booking.stale).toBe(true);
    expect(health.booking.lastError?.message).toContain("503");
    // A post for a slot is refused the same way.
    const answer = await page.request.post(`${other.site.url}/book`, {
      form: {
        name: "A",
        email: "a@example.es",
        company: "",
        topic: "B",
        slot: String(Date.parse("2027-03-29T07:00:00Z")),
      },
      headers: { Origin: other.site.url, Accept: "application/json" },
    });
    expect(answer.status()).toBe(503);
    expect(await answer.json()).toMatchObject({ status: "failed", reason: "stale" });
  } finally {
    await page.close();
    await other.stop();
    await broken.close();
  }
});
