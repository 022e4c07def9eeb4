import { languages, siteConfig } from "#app/config/site.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import {
  expect,
  expectBookingUnavailable,
  fillContactForm,
  reachForContactForm,
  test,
  translator,
} from "#tests/e2e/support.ts";

// Runs against a build made with every language published, German included (the "german"
// project: VITE_PUBLISHED_LANGUAGES=es,en,ca,de).
const withGerman = publishedLanguages({ ...siteConfig, publishedLanguages: languages });
const t = translator("de");

// Every URL of this build, German and the others, is checked in page-sweep.german.spec.ts:
// status, lang, texts from the German catalogue, the switcher marking German, hreflang.

test("the switcher offers every language, German included, and remembers German", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(
    page.getByRole("list", { name: translator("es")("nav.languages") }).getByRole("link"),
  ).toHaveCount(withGerman.length);
  expect(withGerman).toContain("de");
  await page.getByRole("link", { name: "Deutsch, DE", exact: true }).click();
  await expect(page).toHaveURL("/de/about");
  await page.goto("/services");
  await expect(page).toHaveURL("/de/services");
});

test("the German contact form comes alive in German", async ({ page }) => {
  await page.goto("/de/contact");
  await reachForContactForm(page, t, "email");
  // Spaces pass the browser's own check but not the form's rules.
  await fillContactForm(page, t, { name: "   ", email: "kunde@example.de", message: "Hallo" });
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expect(page.getByLabel(t("contact.form.name"), { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByRole("alert")).toContainText(t("contact.form.errorSummary"));
});

test.describe("unknown German path", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("answers 404 in German", async ({ page }) => {
    const response = await page.goto("/de/nichts");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("notFound.title"));
  });
});

test("the booking page exists in German, and says so in German when the calendar is unknown", async ({
  page,
}) => {
  // This build's server has no BOOKING_CALENDAR_URL: no slot, the form and the e-mail instead.
  await page.goto("/de/book");
  await expectBookingUnavailable(page, "de");
  await expect(page.getByRole("link", { name: "Español, ES", exact: true })).toHaveAttribute(
    "href",
    "/book",
  );
});

test("/de/ask answers from the German pages, with a link to the section", async ({ page }) => {
  await page.goto("/de/ask");
  await page.getByLabel(t("ask.form.label")).fill("Bieten Sie einen monatlichen Supportplan an?");
  await page.getByRole("button", { name: t("ask.form.submit") }).click();
  await expect(page.getByRole("heading", { name: t("ask.answer.title") })).toBeVisible();
  await expect(page.locator("figcaption a").first()).toHaveAttribute("href", /^\/de\/services#/);
});
