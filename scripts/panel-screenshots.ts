// docs/panel/: every page of the owner's panel (/panel) at 390 and 1440 px, light and dark,
// in Spanish, on a site of the production build with example data: messages in Spanish,
// Catalan and English (one kept as spam), a booked call, visits from a newsletter and to an
// address that does not exist. The owner is invited by `npm run panel -- invite` and enrols
// with Chromium's virtual passkey authenticator, as tests/e2e/panel.spec.ts does.
//   npm run screenshots:panel          (needs a build: npm run build)
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { startCalendarServer } from "#tests/support/calendar.ts";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import { addAuthenticator } from "#tests/support/passkeys.ts";
import { postForm, startSite } from "#tests/support/site.ts";
import { desktopUserAgent } from "#tests/support/stats.ts";

const outDir = path.resolve("docs/panel");
const widths = [390, 1440] as const;
const schemes = ["light", "dark"] as const;
const owner = "duena@example.com";
const { t } = createI18n("es", catalogue("es"));

const calendar = await startCalendarServer();
const site = await startSite({
  ...calendar.settings,
  // WebAuthn wants a domain: the owner's browser uses localhost.
  SITE_URL: "http://localhost",
  CONTACT_MIN_FILL_SECONDS: "0",
  STATS_FLUSH_SECONDS: "1",
});
const origin = site.url.replace("127.0.0.1", "localhost");
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

/** The settled page, once its fades have run. */
const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));

try {
  // Visitors: pages, a newsletter's link, an address that does not exist, a booked call.
  const visitor = await browser.newContext({
    javaScriptEnabled: false,
    userAgent: desktopUserAgent,
  });
  const visit = await visitor.newPage();
  for (const url of [
    "/",
    "/services",
    "/ca/about",
    "/en",
    "/?utm_source=newsletter&utm_medium=email&utm_campaign=hivern2026",
    "/pagina-que-no-existe",
  ]) {
    await visit.goto(site.url + url);
  }
  await visit.goto(`${site.url}/book?day=2027-03-29`);
  await visit.getByRole("button", { name: t("booking.chooseSlot", { time: "09:00" }) }).click();
  await visit.getByLabel(t("booking.form.name"), { exact: true }).fill("Marta Ferrà");
  await visit.getByLabel(t("booking.form.email"), { exact: true }).fill("marta@example.es");
  await visit
    .getByLabel(t("booking.form.topic"), { exact: true })
    .fill("Automatizar la facturación de la tienda");
  await visit.getByRole("button", { name: t("booking.form.submit") }).click();
  await visit.waitForURL(/\/book\/manage\?t=/);
  await visitor.close();
  for (const message of [
    {
      name: "Marta Ferrà",
      email: "marta@example.es",
      message:
        "Hola! Tenim una botiga a Pollença i volem automatitzar la facturació. Pressupost orientatiu: 8.000 €. Gràcies!",
    },
    {
      name: "José Núñez",
      email: "jose@example.com",
      message: "Buenos días: necesitamos una web nueva para el hotel, en cuatro idiomas.",
    },
    { name: "Ann Baker", email: "ann@example.co.uk", message: "Could we talk about a data audit?" },
  ]) {
    await postForm(site.url, "/contact", message);
  }
  await postForm(site.url, "/contact", {
    name: "Oferta SEO",
    email: "seo@spam.example",
    message: "Primera página de Google garantizada",
    website: "https://spam.example",
  });

  // The owner: invited, enrolled with a passkey.
  const printed = execFileSync(process.execPath, ["scripts/panel.ts", "invite", owner], {
    env: { ...process.env, DATABASE_PATH: site.databasePath },
    encoding: "utf8",
  });
  const token = /\/panel\/enrol\?t=([\w-]+)/.exec(printed)?.[1];
  if (!token) throw new Error(`no invitation link in: ${printed}`);
  const context = await browser.newContext({ locale: "es-ES", timezoneId: "Europe/Madrid" });
  const page = await context.newPage();
  await addAuthenticator(page);
  await page.goto(`${origin}/panel/enrol?t=${token}`);
  await page.getByRole("button").click();
  await page.waitForURL(`${origin}/panel`);
  // A mark and an export, for the activity log.
  const first = await page.getByRole("link", { name: "Marta Ferrà" }).getAttribute("href");
  await page.goto(origin + first);
  await page.getByRole("button", { name: t("panel.messages.markAs.answered") }).click();
  await page.goto(`${origin}/panel/messages.csv`).catch(() => undefined);
  const callId = /\/calls\/(\d+)\/move/.exec(
    await (await page.request.get(`${origin}/panel/calls`)).text(),
  )?.[1];

  const pages: [string, string][] = [
    ["messages", "/panel"],
    ["message", first ?? "/panel"],
    ["calls", "/panel/calls"],
    ["call-move", `/panel/calls/${callId}/move`],
    ["call-cancel", `/panel/calls/${callId}/cancel`],
    ["numbers", "/panel/numbers"],
    ["site", "/panel/site"],
    ["people", "/panel/people"],
  ];
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const scheme of schemes) {
    for (const width of widths) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      for (const [name, url] of pages) {
        await page.goto(origin + url);
        await settle(page);
        await page.screenshot({
          path: path.join(outDir, `${name}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    }
  }
  // The sign-in page, signed out.
  const signedOut = await browser.newContext({ locale: "es-ES" });
  const signIn = await signedOut.newPage();
  for (const scheme of schemes) {
    for (const width of widths) {
      await signIn.emulateMedia({ colorScheme: scheme });
      await signIn.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await signIn.goto(`${origin}/panel`);
      await signIn.screenshot({ path: path.join(outDir, `sign-in-${width}-${scheme}.png`) });
    }
  }
  console.log(`${(pages.length + 1) * widths.length * schemes.length} screenshots in ${outDir}`);
} finally {
  await browser.close();
  await site.stop();
  await calendar.close();
}
