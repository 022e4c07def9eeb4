// Each prerendered page carries only the styles it can use (scripts/page-styles.ts). This
// checks the trim against the whole stylesheet: every element of one page of each kind must
// compute exactly the same style both ways, on a phone in light and on a desktop in dark
// (together every responsive and colour-scheme variant applies once); the contact page also
// after its script has shown the errors of a form sent with blank fields.
import type { Page } from "@playwright/test";
import { loadInsights } from "#app/insights/content.server.ts";
import { pageIds } from "#app/pages.ts";
import { localizedPath } from "#app/routing/paths.ts";
import {
  expect,
  fillContactForm,
  reachForContactForm,
  settle,
  test,
  translator,
} from "#tests/e2e/support.ts";

const styleElement = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const sheetOf = (html: string) =>
  [...html.matchAll(styleElement)]
    .map((match) => match[1] ?? "")
    .find((css) => css.includes("@layer utilities"));

/**
 * Every element's computed style in document order, as one line each (or only the elements
 * listed); custom properties aside: the trim drops those nothing refers to, which is its point.
 */
const computedStyles = (page: Page, only?: number[]) =>
  page.evaluate((only) => {
    const elements = [...document.querySelectorAll("body *")];
    return (only ?? elements.map((_, index) => index)).map((index) => {
      const style = getComputedStyle(elements[index]!);
      const names = [...style].filter((name) => !name.startsWith("--"));
      return names.map((name) => `${name}: ${style.getPropertyValue(name)}`).join("\n");
    });
  }, only);

/** Every element of the two pages computes the same style (the first differences, if not). */
async function expectSameStyles(trimmedPage: Page, wholePage: Page, label: string) {
  // A hover or focus colour still in transition would differ by when it is read.
  await Promise.all([settle(trimmedPage), settle(wholePage)]);
  const [actual, expected] = await Promise.all([
    computedStyles(trimmedPage),
    computedStyles(wholePage),
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
    // A page the server renders when asked (a 404) carries the whole stylesheet.
    const whole = sheetOf(await (await request.get("/no-such-page")).text())!;
    expect(whole).toBeDefined();
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
