import axe from "axe-core";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { siteConfig, type Language } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { localizedPath, publishedLanguages } from "#app/routing/paths.ts";

export { expect };

type Options = {
  /** Console errors a test expects, such as the browser's own report of a 404 document. */
  allowedConsoleErrors: RegExp[];
};

/**
 * Every test fails on a console error, an uncaught exception or a React
 * hydration warning, unless the test says it expects that error.
 */
export const test = base.extend<Options & { consoleMessages: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleMessages: [
    async ({ page, allowedConsoleErrors }, use) => {
      const messages: string[] = [];
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        messages.push(`${message.type()}: ${text}`);
        const isError = message.type() === "error" || /hydrat/i.test(text);
        if (isError && !allowedConsoleErrors.some((pattern) => pattern.test(text))) {
          problems.push(text);
        }
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use(messages);
      expect(problems, "console errors and hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * How many lines each element's text takes, as the browser laid it out: its text's boxes,
 * one line wherever they start less than half a line below the previous one.
 */
export const lineCounts = (locator: Locator) =>
  locator.evaluateAll((nodes) =>
    nodes.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const style = getComputedStyle(node);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      const tops = [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => rect.top)
        .sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > line / 2).length;
    }),
  );

/** The translate function of a language, as the site renders it. */
export function translator(lang: Language) {
  return createI18n(lang, catalogue(lang)).t;
}

export const languages = publishedLanguages();

/**
 * Waits until the page has loaded and every animation and transition on it has finished. One
 * cancelled on the way (a transition replaced by another) rejects `finished`: it no longer
 * runs, so it counts as settled rather than failing the test.
 */
export async function settle(page: Page) {
  // A page still loading (a form just posted, say) may not have its stylesheet yet: audited
  // then, its links are unstyled text, too small to tap.
  await page.waitForLoadState("load");
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The axe rules whose result depends on colours alone. */
const colourRules = ["color-contrast", "link-in-text-block"];
/** The rules of a full audit: WCAG 2.2 A and AA, and best practice. */
const auditTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Expects no axe violation (WCAG 2.2 A/AA and best practice) on the settled page: entry
 * animations and colour transitions are waited for, so axe sees what a visitor sees, not a
 * half-faded frame. `colours` runs only the rules that depend on colours: enough after a
 * switch of colour scheme on a page already audited in full, since the schemes differ in
 * colour tokens only (design.spec.ts checks that).
 *
 * axe-core runs in the page itself, put there once per document: evaluating its 560 KB source
 * takes 100–400 ms, more than an audit of the colour rules, and @axe-core/playwright evaluates
 * it twice for every audit. The site's pages have no frames (their policy allows none), which
 * is checked here, so one document holds every element to audit.
 */
export async function expectNoAxeViolations(page: Page, only: "all" | "colours" = "all") {
  await settle(page);
  expect(
    page.frames().map((frame) => frame.url()),
    "frames, which axe would not audit",
  ).toHaveLength(1);
  const injected = () =>
    typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function";
  if (!(await page.evaluate(injected))) await page.evaluate(axe.source);
  const runOnly: axe.RunOnly =
    only === "colours" ? { type: "rule", values: colourRules } : { type: "tag", values: auditTags };
  const violations = await page.evaluate(async (runOnly) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    // Every rule still checks every element; only the violations are reported in full (the
    // passes of a page run into thousands of nodes, each with its selector and HTML).
    const results = await axe.run(document, { runOnly, resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
  }, runOnly);
  expect(violations).toEqual([]);
}

/**
 * Reaches for the contact form (focus on one of its fields), which loads the form's script,
 * and waits until the script has taken the form over.
 */
export async function reachForContactForm(
  page: Page,
  t: ReturnType<typeof translator>,
  field: "name" | "email" = "name",
) {
  await page.getByLabel(t(`contact.form.${field}`), { exact: true }).focus();
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
}

/** Types into the contact form's three fields, found by their labels as a person would. */
export async function fillContactForm(
  page: Page,
  t: ReturnType<typeof translator>,
  values: { name: string; email: string; message: string },
) {
  await page.getByLabel(t("contact.form.name"), { exact: true }).fill(values.name);
  await page.getByLabel(t("contact.form.email"), { exact: true }).fill(values.email);
  await page.getByLabel(t("contact.form.message"), { exact: true }).fill(values.message);
}

/**
 * The booking page with no calendar to offer: an invitation to write, from its title down,
 * with the way to the contact form and the e-mail address as a link; no alert, no status box,
 * no colour of the danger token.
 */
export async function expectBookingUnavailable(page: Page, lang: Language) {
  const t = translator(lang);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("booking.unavailable.title"));
  await expect(page).toHaveTitle(`${t("booking.unavailable.title")} | ${siteConfig.name}`);
  const form = page.getByRole("region", { name: t("booking.unavailable.formTitle") });
  await expect(form.getByRole("link", { name: t("booking.unavailable.form") })).toHaveAttribute(
    "href",
    localizedPath("contact", lang),
  );
  const mail = page.getByRole("region", { name: t("booking.unavailable.mailTitle") });
  await expect(mail.getByRole("link", { name: t("booking.unavailable.mail") })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.email}`,
  );
  // Nothing on the page still offers to book.
  await expect(page.getByRole("main")).not.toContainText(t("booking.title"));
  await expect(page.locator('button[name="slot"]')).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveCount(0);
  // Neither the danger token's classes nor its colours (when this page's styles define them).
  await expect(page.getByRole("main").locator('[class*="danger"]')).toHaveCount(0);
  const dangerous = await page.getByRole("main").evaluate((main) => {
    const root = getComputedStyle(document.documentElement);
    const tokens = ["--danger", "--danger-soft"]
      .map((name) => root.getPropertyValue(name).trim())
      .filter(Boolean);
    const probe = document.createElement("div");
    main.append(probe);
    const colours = tokens.map((token) => {
      probe.style.color = token;
      return getComputedStyle(probe).color;
    });
    probe.remove();
    return [...main.querySelectorAll("*")].flatMap((element) => {
      const style = getComputedStyle(element);
      const used = [style.color, style.borderTopColor, style.backgroundColor];
      return used.some((colour) => colours.includes(colour)) ? [element.outerHTML] : [];
    });
  });
  expect(dangerous).toEqual([]);
}

/** How much wider than its viewport the document is: anything above 0 scrolls sideways. */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Texts cut off at the viewport's left or right edge: a line, or the box that holds it (a
 * pill, a chip), running past it inside a box that clips: no sideways scroll, yet the words
 * or their frame are lost. Text a box scrolls on purpose (a code block), text hidden for
 * screen readers only and text placed wholly off screen are left out.
 */
export const textsCutAtEdges = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent?.checkVisibility({ visibilityProperty: true }))
        continue;
      let skipped = false;
      for (let box: Element | null = parent; box && !skipped; box = box.parentElement) {
        const style = getComputedStyle(box);
        skipped =
          ["auto", "scroll"].includes(style.overflowX) ||
          style.clipPath !== "none" ||
          (style.clip !== "auto" && style.clip !== "");
      }
      if (skipped) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of [...range.getClientRects(), parent.getBoundingClientRect()]) {
        // Text put wholly off screen on purpose (the form's field for robots) is not cut.
        const onScreen = rect.right > 0 && rect.left < width;
        if (rect.width > 0 && onScreen && (rect.left < -0.5 || rect.right > width + 0.5)) {
          cut.push(
            `"${node.textContent.trim().slice(0, 60)}" ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}`,
          );
          break;
        }
      }
    }
    return cut;
  });
