// Each prerendered page carries only the styles it can use (scripts/page-styles.ts). This
// checks the trim against the whole stylesheet: every element of one page of each kind must
// compute exactly the same style both ways, on a phone in light and on a desktop in dark
// (together every responsive and colour-scheme variant applies once); the contact page also
// after its script has shown the errors of a form sent with blank fields. The pages the
// server renders per request (the booking page, the contact page's sent state) carry their
// route's trim: the same check in each of their states, the calendar's script's among them.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { loadInsights } from "#app/insights/content.server.ts";
import { pageIds } from "#app/pages.ts";
import { routeStylesFile, type RouteStyles } from "#app/route-styles.server.ts";
import { bookingPath, contactSentPath, localizedPath } from "#app/routing/paths.ts";
import { startCalendarServer } from "#tests/support/calendar.ts";
import { startSite } from "#tests/support/site.ts";
import {
  expect,
  fillContactForm,
  reachForContactForm,
  settle,
  test,
  translator,
} from "#tests/e2e/support.ts";

const styleElement = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
/** The whole stylesheet, as the build wrote it beside the trims of the per-request routes. */
const whole = (JSON.parse(readFileSync(`build/server/${routeStylesFile}`, "utf8")) as RouteStyles)
  .whole;
const sheetOf = (html: string) =>
  [...html.matchAll(styleElement)]
    .map((match) => match[1] ?? "")
    .find((css) => css.includes("@layer utilities"));

/**
 * The properties a page's stylesheets set, as longhands (`margin` is `margin-top`, …). Only
 * those either page sets can differ between the two: the others have the browser's default
 * or inherited value on both, from equal parents. A third of the 480 properties a browser
 * computes: reading computed styles is most of this file's time.
 */
const declaredProperties = (page: Page) =>
  page.evaluate(() => {
    const names = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if ("style" in rule && rule.style instanceof CSSStyleDeclaration)
          for (const name of rule.style) if (!name.startsWith("--")) names.add(name);
        if ("cssRules" in rule && rule.cssRules instanceof CSSRuleList) walk(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return [...names].sort();
  });

/** Every element's computed value of each of `names`, in document order, one line each. */
const computedStyles = (page: Page, names: string[]) =>
  page.evaluate(
    (names) =>
      [...document.querySelectorAll("body *")].map((element) => {
        const style = getComputedStyle(element);
        return names.map((name) => `${name}: ${style.getPropertyValue(name)}`).join("\n");
      }),
    names,
  );

/** Every element of the two pages computes the same style (the first differences, if not). */
async function expectSameStyles(trimmedPage: Page, wholePage: Page, label: string) {
  // A hover or focus colour still in transition would differ by when it is read.
  await Promise.all([settle(trimmedPage), settle(wholePage)]);
  // Both pages' (the trim only drops rules, but a trim that changed one would show here too).
  const names = [
    ...new Set([
      ...(await declaredProperties(wholePage)),
      ...(await declaredProperties(trimmedPage)),
    ]),
  ];
  const [actual, expected] = await Promise.all([
    computedStyles(trimmedPage, names),
    computedStyles(wholePage, names),
  ]);
  expect(actual.length, label).toBe(expected.length);
  const differing = actual.flatMap((style, index) => (style === expected[index] ? [] : [index]));
  const details = differing.slice(0, 5).flatMap((index) => {
    const a = actual[index]!.split("\n");
    const b = new Set(expected[index]!.split("\n"));
    return a.filter((line) => !b.has(line)).map((line) => `element ${index}: ${line}`);
  });
  expect(details, label).toEqual([]);
}

test.describe.configure({ mode: "parallel" });

for (const [viewport, colorScheme] of [
  [{ width: 390, height: 844 }, "light"],
  [{ width: 1440, height: 900 }, "dark"],
] as const) {
  test(`trimmed styles compute as the whole stylesheet does, ${viewport.width} px ${colorScheme}`, async ({
    browser,
    request,
  }) => {
    const [article] = await loadInsights({ languages: ["es"] });
    const paths = [...pageIds.map((id) => localizedPath(id, "es")), article!.path];
    const t = translator("es");

    const context = await browser.newContext({ viewport, colorScheme, reducedMotion: "reduce" });
    // With font-display: optional, whether a page shows the headings face depends on when the
    // font arrives: without it, both pages lay out with the same fallback.
    await context.route("**/assets/headings-*.woff2", (route) => route.abort());
    const trimmedPage = await context.newPage();
    const wholePage = await context.newPage();
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      const trimmed = sheetOf(html)!;
      expect(trimmed.length, `${path} carries less than the whole stylesheet`).toBeLessThan(
        whole.length,
      );
      // The same page with the whole stylesheet, served without the page's style hash.
      await wholePage.route(`**${path}`, (route) =>
        route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: html.replace(trimmed, whole),
        }),
      );
      await Promise.all([trimmedPage.goto(path), wholePage.goto(path)]);
      await expectSameStyles(
        trimmedPage,
        wholePage,
        `${path} at ${viewport.width} px, ${colorScheme}`,
      );
      if (path === localizedPath("contact", "es")) {
        // The form's script renders what the HTML does not show yet: the error summary and
        // the fields' errors of a form sent with blank name and message.
        for (const page of [trimmedPage, wholePage]) {
          await reachForContactForm(page, t);
          await fillContactForm(page, t, { name: " ", email: "ana@example.es", message: " " });
          await page.getByRole("button", { name: t("contact.form.submit") }).click();
          await expect(page.getByRole("alert").first()).toBeVisible();
        }
        await expectSameStyles(trimmedPage, wholePage, `${path} with errors, ${viewport.width} px`);
      }
      await wholePage.unrouteAll();
    }
    await context.close();
  });
}

/** A page's HTML twice: as served, and with the whole stylesheet instead of its trim. */
async function openBothWays(trimmedPage: Page, wholePage: Page, url: string, html: string) {
  const trimmed = sheetOf(html)!;
  expect(trimmed.length, `${url} carries a trimmed stylesheet`).toBeLessThan(whole.length * 0.8);
  for (const [page, body] of [
    [trimmedPage, html],
    [wholePage, html.replace(trimmed, whole)],
  ] as const) {
    // Served as fetched, so a state reached by a post shows the same way; without the
    // response's nonce policy, which only the server can send.
    await page.route(
      (address) => address.href === url,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body }),
    );
    await page.goto(url);
    await page.unrouteAll();
  }
}

for (const [viewport, colorScheme] of [
  [{ width: 390, height: 844 }, "light"],
  [{ width: 1440, height: 900 }, "dark"],
] as const) {
  test(`pages rendered per request compute as with the whole stylesheet, ${viewport.width} px ${colorScheme}`, async ({
    browser,
  }) => {
    const calendar = await startCalendarServer();
    const site = await startSite({
      ...calendar.settings,
    });
    try {
      const t = translator("es");
      const book = `${site.url}${bookingPath("es")}`;
      const slot = Date.parse("2027-03-29T07:00:00Z");
      const blank = new URLSearchParams({ slot: String(slot), name: "", email: "" });
      // Each state the server renders: the days, a chosen day and slot with the form, the
      // form sent back with errors, the contact page after a message was sent.
      const sent = `${site.url}${contactSentPath("es")}`;
      const states: [string, Promise<Response>, number][] = [
        [book, fetch(book), 200],
        [`${book}?day=2027-03-29&slot=${slot}`, fetch(`${book}?day=2027-03-29&slot=${slot}`), 200],
        [
          `${book}?sent`,
          fetch(book, { method: "POST", body: blank, headers: { origin: site.url } }),
          400,
        ],
        [sent, fetch(sent), 200],
      ];
      const context = await browser.newContext({ viewport, colorScheme, reducedMotion: "reduce" });
      await context.route("**/assets/headings-*.woff2", (route) => route.abort());
      const trimmedPage = await context.newPage();
      const wholePage = await context.newPage();
      for (const [url, response, status] of states) {
        expect((await response).status, url).toBe(status);
        const html = await (await response).text();
        await openBothWays(trimmedPage, wholePage, url, html);
        await expectSameStyles(trimmedPage, wholePage, `${url} at ${viewport.width} px`);
      }
      // What the calendar's script shows: another day's slots and the form of a chosen slot.
      const html = await (await fetch(book)).text();
      await openBothWays(trimmedPage, wholePage, book, html);
      for (const page of [trimmedPage, wholePage]) {
        await page.locator("#booking-picker").hover();
        await expect(page.locator("#booking-picker [data-enhanced]")).toBeAttached();
        await page
          .getByRole("navigation", { name: t("booking.days") })
          .getByRole("link")
          .nth(1)
          .click();
        await page
          .getByRole("button", { name: t("booking.chooseSlot", { time: "09:00" }) })
          .click();
        // A blank name and topic (spaces pass the browser's own check): the script shows the errors.
        await page.getByLabel(t("booking.form.name"), { exact: true }).fill(" ");
        await page.getByLabel(t("booking.form.email"), { exact: true }).fill("ana@example.es");
        await page.getByLabel(t("booking.form.topic"), { exact: true }).fill(" ");
        await page.getByRole("button", { name: t("booking.form.submit") }).click();
        await expect(page.getByRole("alert").first()).toBeVisible();
      }
      await expectSameStyles(
        trimmedPage,
        wholePage,
        `${book} after its script, ${viewport.width} px`,
      );
      await context.close();
    } finally {
      await site.stop();
      await calendar.close();
    }
  });
}
