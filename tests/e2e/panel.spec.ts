import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { Agent as HttpAgent, createServer, request as httpRequest, type Server } from "node:http";
import { DatabaseSync } from "node:sqlite";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import * as XLSX from "xlsx";
import { readInvitation, startCalendarServer } from "#tests/support/calendar.ts";
import { storeKinds, testDatabases } from "#tests/support/postgres.ts";
import {
  eventually,
  postForm,
  readBookings,
  readMessages,
  startSite,
  startSiteWithMail,
  type Site,
} from "#tests/support/site.ts";
import { plainPart, type SmtpServer } from "#tests/support/smtp.ts";
import { addAuthenticator, enrol as enrolAs } from "#tests/support/passkeys.ts";
import { desktopUserAgent, statsOf } from "#tests/support/stats.ts";
import { companyDateTime } from "#app/panel/time.ts";
import { spreadsheetTime } from "#app/panel/spreadsheet.ts";
import { reportWords } from "#app/stats/report-text.ts";
import { expect, expectNoAxeViolations, test, translator } from "#tests/e2e/support.ts";

// The owner's panel (/panel) in Chromium with its virtual authenticator (DevTools protocol):
// invited by `npm run panel -- invite`, enrolled with a passkey, signed in; a visitor's message
// and booked call appear and are handled; the numbers show the visits of the test. WebAuthn
// wants a domain as its relying party, so the owner's browser uses http://localhost:PORT
// (a secure context, as 127.0.0.1 is too); the visitor uses 127.0.0.1.
const t = translator("es");
/** A site configured on this machine: only then is `localhost` a relying party. */
const loopbackSite = "http://localhost";
const owner = "owner@example.com";
const visitor = { name: "Marta Ferrer", email: "marta@example.es" };
const enrol = (page: Page, site: Site, origin: string, email = owner) =>
  enrolAs(page, site, origin, email);

/** The page has no horizontal scroll at a phone's width. */
async function expectPhoneLayout(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The page shows the owner times in their zone and words: no ISO time, no UTC, and (on the
 * site page, the go-live list) no developer's English.
 */
async function expectOwnerWords(page: Page, { english = false } = {}) {
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(
    /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}|\d{2}:\d{2}(:\d{2})?(\.\d+)?Z\b|\bUTC\b|\bGMT\b/,
  );
  if (english) {
    expect(text).not.toMatch(
      /\b(the|is|not|still|add|put|check|build|stored|never|offers|placeholder|confirmed|failed)\b/i,
    );
  }
}

/** A table's rows in a region, below its header: each row's cells' texts. */
async function tableRows(region: Locator): Promise<string[][]> {
  const rows = await region.getByRole("row").all();
  return Promise.all(rows.slice(1).map((row) => row.locator("th, td").allInnerTexts()));
}

/** A visitor with JavaScript off and a browser's user agent (counted as a person). */
async function visitorPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    userAgent: desktopUserAgent,
    locale: "es-ES",
  });
  return [context, await context.newPage()];
}

// Without a session the panel answers 401 (with the sign-in page), which Chromium reports in
// the console; so does a refused sign-in (429) or cross-site post (403).
test.use({
  locale: "es-ES",
  timezoneId: "Europe/Madrid",
  allowedConsoleErrors: [/status of (401|403|429)/],
});

for (const kind of storeKinds) {
  test.describe(`on ${kind}`, () => {
    const databases = testDatabases(kind);
    let calendar: Awaited<ReturnType<typeof startCalendarServer>>;
    let smtp: SmtpServer;
    let site: Site;
    let stop: () => Promise<void>;
    let origin: string;
    test.beforeEach(async () => {
      calendar = await startCalendarServer();
      // What npm run deploy logged: one publication, then a failed one.
      const deployRoot = mkdtempSync(path.join(tmpdir(), "panel-deploys-"));
      writeFileSync(
        path.join(deployRoot, "deploy.log"),
        [
          {
            level: 30,
            time: Date.parse("2026-11-20T10:00:00Z"),
            msg: "published",
            commit: "a".repeat(40),
          },
          "npm ci output that is not JSON",
          {
            level: 50,
            time: Date.parse("2026-11-21T10:00:00Z"),
            msg: "deploy failed",
            commit: "b".repeat(40),
            step: "build",
            fault: "content",
          },
        ]
          .map((line) => (typeof line === "string" ? line : JSON.stringify(line)))
          .join("\n"),
      );
      ({ smtp, site, stop } = await startSiteWithMail({
        ...(await databases.env()),
        CONTACT_TO: "web@example.com",
        CONTACT_FROM: "Web <web@example.com>",
        CONTACT_MIN_FILL_SECONDS: "0",
        ...calendar.settings,
        OUTBOX_POLL_SECONDS: "1",
        OUTBOX_RETRY_BASE_SECONDS: "1",
        STATS_FLUSH_SECONDS: "1",
        // Two posts a sign-in or an enrolment (the challenge, its answer): four of them.
        PANEL_SIGN_IN_ATTEMPTS: "8",
        DEPLOY_ROOT: deployRoot,
        SITE_URL: loopbackSite,
      }));
      origin = site.url.replace("127.0.0.1", "localhost");
    });
    test.afterEach(async ({ page }) => {
      await page.close();
      await stop();
      await calendar.close();
    });
    test.afterAll(() => databases.stop());

    test("invited, enrolled and signed in, the owner handles a message and a call and sees the visits", async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      await enrol(page, site, origin);
      // The invitation went out through the outbox too.
      const invitation = await eventually(() =>
        smtp.received.find((mail) => mail.envelope.to.includes(owner)),
      );
      expect(invitation.text).toContain("/panel/enrol?t=");

      // The session cookie: __Host-, HttpOnly, Secure, SameSite=Strict, on loopback too.
      const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-panel");
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });

      // Out, and in again with the passkey.
      await page.getByRole("button", { name: t("panel.signOut") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("panel.signIn.title"));
      await page.getByRole("button", { name: t("panel.signIn.button") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("panel.messages.title"));

      // A visitor looks around, writes and books a call, without JavaScript.
      const [visitorContext, visit] = await visitorPage(browser);
      await visit.goto(`${site.url}/`);
      await visit.goto(`${site.url}/contact`);
      await visit.getByLabel(t("contact.form.name"), { exact: true }).fill(visitor.name);
      await visit.getByLabel(t("contact.form.email"), { exact: true }).fill(visitor.email);
      await visit
        .getByLabel(t("contact.form.message"), { exact: true })
        .fill(
          "Queremos automatizar la facturación (100% de las facturas) de la tienda de Pollença: presupuesto de 8.000 €. Gràcies!",
        );
      await visit.getByRole("button", { name: t("contact.form.submit") }).click();
      await expect(visit).toHaveURL(/\/contact\/sent/);
      await visit.goto(`${site.url}/book?day=2027-03-29`);
      await visit.getByRole("button", { name: t("booking.chooseSlot", { time: "09:00" }) }).click();
      await visit.getByLabel(t("booking.form.name"), { exact: true }).fill(visitor.name);
      await visit.getByLabel(t("booking.form.email"), { exact: true }).fill(visitor.email);
      await visit.getByLabel(t("booking.form.topic"), { exact: true }).fill("Facturas y IA");
      await visit.getByRole("button", { name: t("booking.form.submit") }).click();
      await expect(visit).toHaveURL(/\/book\/manage\?t=/);
      // And asks a question the site cannot answer (handed over to the contact form).
      await visit.goto(`${site.url}/ask?q=${encodeURIComponent("Receta de paella")}`);
      // Arrives from a newsletter's link, and asks for an address that does not exist.
      await visit.goto(
        `${site.url}/?utm_source=newsletter&utm_medium=email&utm_campaign=hivern2026`,
      );
      await visit.goto(`${site.url}/pagina-que-no-existe`);
      await visitorContext.close();
      // Another visitor writes, with an accented name.
      const written = await postForm(site.url, "/contact", {
        name: "José Núñez",
        email: "jose@example.com",
        message: "Necesito una web nueva.",
      });
      expect(written.ok).toBe(true);

      // The message, newest first, found by a word of it (LIKE's own % searched as itself).
      await page.reload();
      const card = page.getByRole("listitem").filter({ hasText: visitor.email });
      await expect(card.getByRole("link", { name: visitor.name })).toBeVisible();
      await page.getByLabel(t("panel.messages.search")).fill("100%");
      await page.getByRole("button", { name: t("panel.messages.filter") }).click();
      await expect(card).toHaveCount(1);
      await page.getByLabel(t("panel.messages.search")).fill("50%");
      await page.getByRole("button", { name: t("panel.messages.filter") }).click();
      await expect(card).toHaveCount(0);
      // Without accents or case: "Pollenca", "gracies", "JOSE".
      const jose = page.getByRole("listitem").filter({ hasText: "jose@example.com" });
      for (const [search, found, other] of [
        ["Pollenca", card, jose],
        ["gracies", card, jose],
        ["JOSE", jose, card],
      ] as const) {
        await page.getByLabel(t("panel.messages.search")).fill(search);
        await page.getByRole("button", { name: t("panel.messages.filter") }).click();
        await expect(found).toHaveCount(1);
        await expect(other).toHaveCount(0);
      }
      await page.getByLabel(t("panel.messages.search")).fill("");
      await page.getByRole("button", { name: t("panel.messages.filter") }).click();
      await expectNoAxeViolations(page);
      await expectPhoneLayout(page);
      await expectOwnerWords(page);

      // Read, answer by e-mail, mark answered.
      await card.getByRole("link", { name: visitor.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("panel.messages.one", { name: visitor.name }),
      );
      const reply = page.getByRole("link", { name: t("panel.messages.reply") });
      const mailto = new URL((await reply.getAttribute("href")) ?? "");
      expect(mailto.protocol).toBe("mailto:");
      expect(decodeURIComponent(mailto.pathname)).toBe(visitor.email);
      expect(mailto.searchParams.get("subject")).toBe(t("panel.messages.replySubject"));
      await page.getByRole("button", { name: t("panel.messages.markAs.answered") }).click();
      await expect(page.getByRole("status")).toHaveText(t("panel.messages.done.marked"));
      await expect(
        page.getByRole("definition").filter({ hasText: t("panel.messages.marks.answered") }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: t("panel.messages.backToList") }).click();
      await page.getByLabel(t("panel.messages.show")).selectOption("answered");
      await page.getByRole("button", { name: t("panel.messages.filter") }).click();
      await expect(card).toHaveCount(1);
      await page.getByLabel(t("panel.messages.show")).selectOption("new");
      await page.getByRole("button", { name: t("panel.messages.filter") }).click();
      await expect(card).toHaveCount(0);

      // Export for Excel: read back by a spreadsheet library, each value in its own cell.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: t("panel.messages.export") }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${t("panel.export.messagesFile")}.csv`);
      const csv = readFileSync((await download.path()) ?? "");
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const book = XLSX.read(csv, { type: "buffer", raw: true });
      const sheet = book.Sheets[book.SheetNames[0] ?? ""];
      const cells = XLSX.utils.sheet_to_json<string[]>(sheet!, { header: 1, raw: false });
      expect(cells[0]).toEqual(
        (
          ["number", "received", "name", "email", "language", "mark", "message", "mail"] as const
        ).map((column) => t(`panel.export.messages.${column}`)),
      );
      const stored = (await readMessages(site.databasePath)).find(
        (row) => row.email === visitor.email,
      );
      const row = cells.find((cells) => cells[3] === visitor.email);
      expect(row?.slice(1, 6)).toEqual([
        spreadsheetTime(Number(stored?.created_at), "es"),
        visitor.name,
        visitor.email,
        "Español",
        t("panel.messages.marks.answered"),
      ]);
      expect(row?.[6]).toContain("Pollença: presupuesto de 8.000 €. Gràcies!");
      expect(cells.find((cells) => cells[3] === "jose@example.com")?.[2]).toBe("José Núñez");
      // The owner's own invitation e-mail is no visitor's message.
      expect(csv.toString("utf8")).not.toContain(owner);

      // A message the honeypot kept as spam: shown apart, released to the owner's mailbox.
      await postForm(site.url, "/contact", {
        name: "Pere Spam",
        email: "pere@example.com",
        message: "Tal vez no sea spam",
        website: "https://spam.example",
      });
      await page.goto(`${origin}/panel`);
      const held = page.getByRole("region", { name: /^Retenidos como spam/ });
      await expect(held.getByRole("listitem")).toHaveCount(1);
      await expect(
        page.getByRole("region", { name: /^Recibidos/ }).getByText("pere@example.com"),
      ).toHaveCount(0);
      await held
        .getByRole("button", { name: t("panel.messages.release", { name: "Pere Spam" }) })
        .click();
      await expect(page.getByRole("status")).toHaveText(t("panel.messages.done.released"));
      await expect(held.getByRole("listitem")).toHaveCount(0);
      const released = await eventually(
        () => smtp.received.find((mail) => mail.text?.includes("Tal vez no sea spam")),
        30_000,
      );
      expect(released.envelope.to).toContain("web@example.com");

      // Delete, after a confirmation that says how long messages are kept anyway.
      await page.goto(`${origin}/panel`);
      await card.getByRole("link", { name: visitor.name }).click();
      await page.getByRole("link", { name: t("panel.messages.delete") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("panel.messages.deleteTitle", { name: visitor.name }),
      );
      await expect(page.getByText(t("panel.messages.retention", { days: 365 }))).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t("panel.messages.deleteConfirm") }).click();
      await expect(page.getByRole("status")).toHaveText(t("panel.messages.done.deleted"));
      await expect(card).toHaveCount(0);
      expect(
        (await readMessages(site.databasePath)).filter((m) => m.email === visitor.email),
      ).toEqual([]);

      // The call: upcoming, with its topic; moved to Tuesday 10:00 (Madrid), the visitor told.
      await page
        .getByRole("navigation", { name: t("panel.menu") })
        .getByRole("link", { name: t("panel.sections.calls") })
        .click();
      const call = page.getByRole("listitem").filter({ hasText: visitor.name });
      await expect(call).toContainText("Facturas y IA");
      await expectNoAxeViolations(page);
      await expectPhoneLayout(page);
      await expectOwnerWords(page);
      await call.getByRole("link", { name: t("panel.calls.move", { name: visitor.name }) }).click();
      // The call's time now, named as such (not "now it is…"), in Madrid time.
      await expect(
        page.getByRole("definition").filter({
          has: page.locator(`xpath=preceding-sibling::dt[. = "${t("panel.calls.currentTime")}"]`),
        }),
      ).toHaveText(companyDateTime(Date.parse("2027-03-29T07:00:00Z"), "es"));
      await expectOwnerWords(page);
      await page
        .getByRole("group", { name: /30 de marzo/ })
        .getByRole("radio", { name: "10:00" })
        .check();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t("panel.calls.moveConfirm") }).click();
      await expect(page.getByRole("status")).toHaveText(t("panel.calls.done.moved"));
      await expect(call).toContainText("30 mar 2027, 10:00");
      const update = await eventually(
        () =>
          smtp.received.filter((mail) => mail.envelope.to.includes(visitor.email))[1] ?? undefined,
        30_000,
      );
      const { method, event } = readInvitation(update.raw);
      expect(method).toBe("REQUEST");
      expect(new Date(event.start as Date).toISOString()).toBe("2027-03-30T08:00:00.000Z");
      expect(Number(event.sequence)).toBe(1);

      // The owner's move is not one of the visitor's three (a column of its own).
      expect(
        (await readBookings(site.databasePath)).map((row) => [row.sequence, row.owner_moves]),
      ).toEqual([[1, 1]]);

      // The calls as a feed for the owner's calendar app: its address shown to copy, with
      // where Google Calendar and Outlook take it; it answers without a session.
      const calendarSection = page.getByRole("region", { name: t("panel.calls.calendar") });
      await expect(calendarSection).toContainText(t("panel.calls.calendarGoogle"));
      await expect(calendarSection).toContainText(t("panel.calls.calendarOutlook"));
      const feed = new URL(
        await calendarSection.getByLabel(t("panel.calls.calendarAddress")).inputValue(),
      );
      expect(feed.href).toMatch(/^http:\/\/localhost\/panel\/calendar\/[\w-]{43}\.ics$/);
      const ics = await fetch(`${origin}${feed.pathname}`);
      expect(ics.headers.get("content-type")).toContain("text/calendar");
      const feedText = await ics.text();
      expect(feedText).toContain("SUMMARY:Marta Ferrer");
      expect(feedText).toContain("DTSTART:20270330T080000Z");
      expect((await fetch(`${origin}/panel/calendar/guess.ics`)).status).toBe(404);

      // Cancelled, after a confirmation: the visitor gets the cancellation.
      await page
        .getByRole("link", { name: t("panel.calls.cancel", { name: visitor.name }) })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("panel.calls.cancelTitle", { name: visitor.name }),
      );
      // A reason for the visitor, which their cancellation e-mail carries.
      const reason = "Estaré de viaje esa semana; te escribo para buscar otra fecha.";
      await page.getByLabel(t("panel.calls.reason", { name: visitor.name })).fill(reason);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t("panel.calls.cancelConfirm") }).click();
      await expect(page.getByRole("status")).toHaveText(t("panel.calls.done.cancelled"));
      await expect(
        page.getByRole("region", { name: /^Pasadas y canceladas/ }).getByRole("listitem"),
      ).toContainText(t("panel.calls.status.cancelled"));
      const cancellation = await eventually(
        () => smtp.received.filter((mail) => mail.envelope.to.includes(visitor.email))[2],
        30_000,
      );
      expect(readInvitation(cancellation.raw).method).toBe("CANCEL");
      expect(plainPart(cancellation.raw)).toContain(`${t("booking.mail.reason")}\r\n${reason}`);
      expect(await (await fetch(`${origin}${feed.pathname}`)).text()).not.toContain("Marta");

      // The numbers: today's bar and row are the visits the report counts today.
      const today = (await statsOf(site.databasePath)).days[0];
      expect(today?.visits).toBeGreaterThan(0);
      await page.getByRole("link", { name: t("panel.sections.numbers") }).click();
      await expect(page.getByRole("img", { name: /^Visitas por día/ })).toBeVisible();
      // The period as the owner writes it, in the chart's name and the lead alike.
      const longDay = new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" });
      const todayInWords = longDay.format(new Date(`${today?.day}T00:00:00Z`));
      await expect(
        page.getByRole("img", { name: new RegExp(`al ${todayInWords}:`) }),
      ).toBeVisible();
      await expect(page.getByText(`al ${todayInWords} (hora de Madrid)`)).toBeVisible();
      await expect(page.locator(`rect[data-day="${today?.day}"]`)).toHaveAttribute(
        "data-visits",
        String(today?.visits),
      );
      await page.getByText(t("panel.numbers.table")).click();
      await expect(
        page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: todayInWords }) }),
      ).toContainText(String(today?.visits));
      // The questions asked on /ask, and those not answered, as the report counts them.
      const { totals } = await eventually(async () => {
        const report = await statsOf(site.databasePath);
        return report.totals.questions.value > 0 && report;
      });
      expect(totals.unanswered.value).toBeGreaterThan(0);
      await page.reload();
      for (const [name, figure] of [
        ["panel.numbers.questions", totals.questions],
        ["panel.numbers.unanswered", totals.unanswered],
      ] as const) {
        await expect(
          page.getByRole("definition").filter({
            has: page.locator(`xpath=preceding-sibling::dt[. = "${t(name)}"]`),
          }),
        ).toHaveText(String(figure.value));
      }
      // Devices, campaigns and the addresses that do not exist: what npm run stats counts
      // (every visit of the test is today's, so today's report is the 12 weeks' too).
      const report = await statsOf(site.databasePath);
      const words = reportWords["es"]!;
      expect(report.campaigns.map((row) => row.key)).toEqual(["newsletter / email / hivern2026"]);
      expect(report.notFound.map((row) => row.key)).toContain("/pagina-que-no-existe");
      for (const [section, rows, names] of [
        ["campaigns", report.campaigns, {}],
        ["devices", report.devices, words.names],
        ["notFound", report.notFound, {}],
      ] as const) {
        const region = page.getByRole("region", { name: words.sections[section] });
        expect((await tableRows(region)).map((cells) => cells.slice(0, 2))).toEqual(
          rows.map((row) => [
            (names as Record<string, string>)[row.key] ?? row.label,
            String(row.value),
          ]),
        );
      }
      // Pages by their title, the address beside it.
      await expect(
        page
          .getByRole("region", { name: t("panel.numbers.pages") })
          .getByRole("rowheader", { name: `${t("home.meta.title")} /`, exact: true }),
      ).toBeVisible();
      // This week against the week before.
      const week = await tableRows(page.getByRole("region", { name: t("panel.numbers.week") }));
      expect(week[0]).toEqual([
        t("panel.numbers.visits"),
        String(report.totals.visits.value),
        "0",
        t("panel.numbers.new"),
      ]);
      await expectNoAxeViolations(page);
      await expectPhoneLayout(page);
      await expectOwnerWords(page);

      // The site: the go-live check's list (the example's placeholders), the editor.
      await page.getByRole("link", { name: t("panel.sections.site"), exact: true }).click();
      await expect(page.getByRole("heading", { name: t("panel.site.goLive") })).toBeVisible();
      const deploys = page
        .getByRole("region", { name: t("panel.site.deploys") })
        .getByRole("listitem");
      await expect(deploys.first()).toContainText(
        t("panel.site.failed", { commit: "b".repeat(12), step: t("panel.deploy.steps.build") }),
      );
      await expect(deploys.nth(1)).toContainText(
        t("panel.site.published", { commit: "a".repeat(12) }),
      );
      await expect(page.getByRole("link", { name: t("panel.site.openEditor") })).toHaveAttribute(
        "href",
        "/admin",
      );
      // Each go-live item says what to fill in, in Spanish, and links to its entry in the editor.
      const goLive = page.getByRole("region", { name: t("panel.site.goLive") });
      await expect(
        goLive.getByRole("listitem").filter({ hasText: "«Razón social»" }).getByRole("link"),
      ).toHaveAttribute("href", "/admin#/collections/site/entries/company");
      await expect(goLive.getByRole("link", { name: t("panel.goLive.addPerson") })).toHaveAttribute(
        "href",
        "/admin#/collections/people/new",
      );
      await expect(page.getByRole("region", { name: t("panel.site.live") })).toContainText(
        t("panel.site.noRelease"),
      );
      await expectNoAxeViolations(page);
      await expectPhoneLayout(page);
      await expectOwnerWords(page, { english: true });

      // People: invite someone, who shows up once enrolled, then remove them.
      await page.getByRole("link", { name: t("panel.sections.people") }).click();
      await page.getByLabel(t("panel.people.email")).fill("ana@example.com");
      await page.getByRole("button", { name: t("panel.people.invite") }).click();
      await expect(page.getByRole("status")).toContainText("/panel/enrol?t=");
      await expectNoAxeViolations(page);
      await expectPhoneLayout(page);
      const link = /\/panel\/enrol\?t=[\w-]+/.exec(
        (await page.getByRole("status").textContent()) ?? "",
      )?.[0];
      const anaContext = await browser.newContext({ locale: "es-ES" });
      const ana = await anaContext.newPage();
      await addAuthenticator(ana);
      await ana.goto(`${origin}${link}`);
      await ana.getByRole("button", { name: t("panel.enrol.button") }).click();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText(t("panel.messages.title"));
      // Removed by the owner: signed out at once, and the link works no more. (The page is
      // opened again, not reloaded: a reload would post the invitation again.)
      await page.goto(`${origin}/panel/people`);
      await page
        .getByRole("link", { name: t("panel.people.remove", { email: "ana@example.com" }) })
        .click();
      await page.getByRole("button", { name: t("panel.people.removeConfirm") }).click();
      await expect(page.getByRole("status")).toHaveText(t("panel.people.removed"));
      // The activity log in words: counts, the moved call's new time in Madrid.
      const log = page.getByRole("table");
      await expect(log).toContainText(
        t("panel.people.actions.remove-person", { detail: "ana@example.com" }),
      );
      await expect(log).toContainText(t("panel.people.actions.export", { count: 2 }));
      await expect(log).toContainText(
        t("panel.people.actions.move-call", {
          id: 1,
          date: companyDateTime(Date.parse("2027-03-30T08:00:00Z"), "es"),
        }),
      );
      await expectOwnerWords(page);
      await ana.reload();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText(t("panel.signIn.title"));
      await ana.goto(`${origin}${link}`);
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText(
        t("panel.enrol.expiredTitle"),
      );
      await anaContext.close();
    });

    test("a name typed with a bidi override shows as typed, in the panel and in its feed", async ({
      page,
      request,
    }) => {
      // Found by a probe: "Eve \u202Egnp.exe" showed as "Eve exe.png" in the panel, and the
      // feed kept the override.
      const sly = "Eve \u202Egnp.exe";
      const hidden = /[\u202E\u2066\u2069\u200B]/;
      await enrol(page, site, origin);
      await postForm(site.url, "/contact", {
        name: sly,
        email: "eve@example.org",
        message: "Hola \u2066mundo\u2069",
      });
      const booked = await request.post(`${site.url}/book`, {
        form: {
          name: sly,
          email: "eve@example.org",
          company: "Evil\u200B Corp",
          topic: "Sobre \u202Etxt.exe",
          slot: String(Date.parse("2027-03-29T07:00:00Z")),
        },
        headers: { Origin: site.url, Accept: "application/json" },
      });
      expect(((await booked.json()) as { status: string }).status).toBe("booked");
      for (const path of ["/panel", "/panel/calls"]) {
        const answer = await page.goto(`${origin}${path}`);
        expect(await answer?.text()).not.toMatch(hidden);
        await expect(page.getByText("Eve gnp.exe").first()).toBeVisible();
      }
      // The calls page, the last one opened, shows the feed's address to copy.
      const feed = new URL(
        await page
          .getByRole("region", { name: t("panel.calls.calendar") })
          .getByLabel(t("panel.calls.calendarAddress"))
          .inputValue(),
      );
      const ics = await (await fetch(`${origin}${feed.pathname}`)).text();
      expect(ics).toContain("SUMMARY:Eve gnp.exe (Evil Corp)");
      expect(ics).toContain("Sobre txt.exe");
      expect(ics).not.toMatch(hidden);
    });
  });
}

test.describe("without a session, from another site, too often", () => {
  let site: Site;
  let origin: string;
  let attacker: Server | undefined;
  test.beforeEach(async () => {
    // Four posts: two enrolments (a challenge and its answer each), as the invitation test makes.
    site = await startSite({ PANEL_SIGN_IN_ATTEMPTS: "4", SITE_URL: loopbackSite });
    origin = site.url.replace("127.0.0.1", "localhost");
  });
  test.afterEach(async ({ page }) => {
    await page.close();
    await site.stop();
    attacker?.close();
    attacker = undefined;
  });

  const panelUrls = [
    "/panel",
    "/panel/?q=Marta",
    "/panel/messages/1",
    "/panel/messages/1/delete",
    "/panel/messages.csv",
    "/panel/calls",
    "/panel/calls/1/move",
    "/panel/numbers",
    "/panel/site",
    "/panel/people",
    "/panel/people/1/remove",
    "/panel/nothing-here",
  ];

  test("every panel address answers the sign-in page or 401, and shows nothing", async ({
    page,
  }) => {
    await postForm(site.url, "/contact", {
      name: visitor.name,
      email: visitor.email,
      message: "Un mensaje privado",
    });
    for (const path of panelUrls) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.status, path).toBe(401);
      const body = await answer.text();
      expect(body, path).not.toContain(visitor.email);
      expect(body, path).not.toContain("Un mensaje privado");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    for (const path of [
      "/panel/messages/1/delete",
      "/panel/sign-out-everywhere",
      "/panel/people/invite",
    ]) {
      const answer = await fetch(`${origin}${path}`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "csrf=x&email=evil%40example.com",
      });
      expect(answer.status, path).toBe(401);
    }
    expect((await readMessages(site.databasePath)).map((m) => m.email)).toContain(visitor.email);

    // The sign-in page itself: strict policy with a nonce, never framed, audited.
    const answer = await page.goto(`${origin}/panel`);
    const policy = answer?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'nonce-[\w+/=]+'(;|$)/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    await expect(page.getByRole("button", { name: t("panel.signIn.button") })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a signed-in owner's cookie does not act for another site", async ({ page }) => {
    await enrol(page, site, origin);
    await postForm(site.url, "/contact", {
      name: visitor.name,
      email: visitor.email,
      message: "Sigue aquí",
    });
    const id = (await readMessages(site.databasePath)).find((m) => m.email === visitor.email)?.id;
    const target = `${origin}/panel/messages/${id}/delete`;

    // Another site's page posts a form to the panel: the browser sends no Strict cookie, and
    // its Origin is refused first.
    attacker = createServer((_req, res) => {
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end(
          `<!doctype html><title>x</title><form method="post" action="${target}"><input name="csrf" value="guess"><button>Win</button></form>`,
        );
    });
    const server = attacker;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const [answer] = await Promise.all([
      page.waitForResponse(target),
      page.getByRole("button", { name: "Win" }).click(),
    ]);
    expect(answer.status()).toBe(403);
    expect((await answer.request().allHeaders())["cookie"]).toBeUndefined();

    // The cookie itself, stolen and replayed: refused from a foreign origin, and without the
    // session's form token from our own.
    const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-panel");
    const headers = {
      Cookie: `__Host-panel=${cookie?.value}`,
      "Content-Type": "application/x-www-form-urlencoded",
    };
    const foreign = await fetch(target, {
      method: "POST",
      headers: { ...headers, Origin: `http://127.0.0.1:${port}` },
      body: "csrf=guess",
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    const tokenless = await fetch(target, {
      method: "POST",
      headers: { ...headers, Origin: origin },
      body: "csrf=guess",
      redirect: "manual",
    });
    expect(tokenless.status).toBe(403);
    expect((await readMessages(site.databasePath)).map((m) => m.id)).toContain(id);

    // The same cookie reads pages (it is the owner's), and the page's own form does delete.
    await page.goto(`${origin}/panel/messages/${id}/delete`);
    await page.getByRole("button", { name: t("panel.messages.deleteConfirm") }).click();
    await expect(page.getByRole("status")).toHaveText(t("panel.messages.done.deleted"));

    // Sign-out everywhere ends the session the cookie names.
    await page.goto(`${origin}/panel/people`);
    await page.getByRole("button", { name: t("panel.people.signOutEverywhere") }).click();
    const after = await fetch(`${origin}/panel`, { headers: { Cookie: headers.Cookie } });
    expect(after.status).toBe(401);
  });

  test("a post no parser reads, or a malformed one, is refused (400), never a server error", async () => {
    const post = (path: string, type: string | undefined, body: string | undefined) =>
      fetch(`${origin}/panel${path}`, {
        method: "POST",
        headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) },
        body,
      });
    for (const path of ["/api/enrol/options", "/api/enrol/verify", "/api/sign-in/verify"]) {
      for (const [type, body] of [
        [undefined, undefined],
        ["text/plain", "token=x"],
        ["application/json", "{not json"],
        ["application/json", "null"],
      ] as const) {
        const answer = await post(path, type, body);
        expect(answer.status, `${path} ${type} ${body}`).toBe(400);
        expect(await answer.json()).toEqual({ reason: "refused" });
      }
    }
  });

  test("only the panel's own assets are served", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect((await fetch(`${origin}/panel/assets/${name}`)).status, name).toBe(404);
    }
    expect((await fetch(`${origin}/panel/assets/panel.css`)).status).toBe(200);
  });

  test.describe("inviting from the panel", () => {
    // The refused invitation answers 400 with the page, which Chromium reports.
    test.use({ allowedConsoleErrors: [/status of (400|401|403|429)/] });
    test("refuses an address that already signs in; a link shown earlier stops working once its person enrols", async ({
      page,
    }) => {
      await enrol(page, site, origin);
      const invite = async (email: string) => {
        await page.goto(`${origin}/panel/people`);
        await page.getByLabel(t("panel.people.email")).fill(email);
        await page.getByRole("button", { name: t("panel.people.invite") }).click();
      };
      // The partner is invited from the panel; the link shown is kept by the inviter.
      await invite("partner@example.com");
      await expect(page.getByRole("status")).toContainText(t("panel.people.invited"));
      const shown = /\/panel\/enrol\?t=([\w-]+)/.exec(
        (await page.getByRole("status").textContent()) ?? "",
      )?.[1];
      expect(shown).toBeTruthy();

      // The partner enrols from the e-mailed invitation of the command line (another link).
      const partner = await page.context().browser()?.newContext();
      const partnerPage = await partner?.newPage();
      if (!partnerPage) throw new Error("no second browser context");
      await enrol(partnerPage, site, origin, "partner@example.com");
      await partner?.close();

      // The link shown in the panel no longer enrols anyone, and the address is refused.
      expect((await fetch(`${origin}/panel/enrol?t=${shown}`)).status).toBe(410);
      for (const email of ["partner@example.com", "OWNER@example.com"]) {
        await invite(email);
        await expect(page.getByRole("alert")).toHaveText(
          t("panel.people.alreadyIn", { email: email.toLowerCase() }),
        );
      }
    });
  });

  test("sign-in attempts are limited per client", async ({ page }) => {
    const attempt = () =>
      fetch(`${origin}/panel/api/sign-in/options`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/json" },
        body: "{}",
      });
    for (let i = 0; i < 4; i += 1) expect((await attempt()).status).toBe(200);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe("4;w=900");
    expect(await refused.json()).toEqual({ reason: "rateLimited" });
    // Asking for an enrolment's challenge counts too.
    const enrolling = await fetch(`${origin}/panel/api/enrol/options`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ token: "guess" }),
    });
    expect(enrolling.status).toBe(429);

    // The sign-in page says so in the owner's language.
    await addAuthenticator(page);
    await page.goto(`${origin}/panel`);
    await page.getByRole("button", { name: t("panel.signIn.button") }).click();
    await expect(page.getByRole("status")).toHaveText(t("panel.passkey.rateLimited"));
  });

  test("5,000 garbage answers to the sign-in are refused past the limit, and logged as a line or two with a count", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // Found by a probe: 6,547 garbage posts in ten seconds on one connection, each checked and
    // each a line of the audit log. From another client than the owner's below (127.0.0.2).
    const port = new URL(origin).port;
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 8, localAddress: "127.0.0.2" });
    const body = JSON.stringify({ challengeId: "garbage", response: { id: "garbage" } });
    const verify = (): Promise<number> =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/panel/api/sign-in/verify",
            method: "POST",
            agent,
            headers: {
              Host: `localhost:${port}`,
              Origin: origin,
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        // A kept-alive connection the server closed as this request went out: sent again.
        req.on("error", (error: NodeJS.ErrnoException) =>
          error.code === "ECONNRESET" && req.reusedSocket ? resolve(verify()) : reject(error),
        );
        req.end(body);
      });
    const statuses: number[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < 5000) {
          sent += 1;
          statuses.push(await verify());
        }
      }),
    );
    agent.destroy();
    expect(statuses).toHaveLength(5000);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4996);

    const database = new DatabaseSync(site.databasePath, { readOnly: true });
    const lines = database
      .prepare("SELECT action, detail, client, count FROM panel_audit ORDER BY id")
      .all() as { action: string; detail: string; client: string; count: number }[];
    database.close();
    // One line per client and reason (two at most for one, should two servers' first counts
    // meet), standing for all 5,000.
    expect(lines.length).toBeLessThanOrEqual(4);
    expect(lines.reduce((sum, line) => sum + Number(line.count), 0)).toBe(5000);
    expect(new Set(lines.map((line) => `${line.action} ${line.detail}`))).toEqual(
      new Set(["sign-in-refused expired", "sign-in-refused rateLimited"]),
    );
    const client = lines[0]?.client ?? "";
    expect(client).toMatch(/^[\w-]{8}$/);
    expect(JSON.stringify(lines)).not.toContain("127.0.0.2");

    // The owner sees them that way on the People page.
    await enrol(page, site, origin);
    await page.goto(`${origin}/panel/people`);
    const audit = page.getByRole("region", { name: t("panel.people.audit") });
    await expect(
      audit.getByText(
        t("panel.people.refusedLine", {
          reason: t("panel.people.reasons.rateLimited"),
          times: 4996,
          minutes: 15,
          client,
        }),
      ),
    ).toBeVisible();
  });
});
