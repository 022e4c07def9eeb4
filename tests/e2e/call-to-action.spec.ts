import { loadInsights } from "#app/insights/content.server.ts";
import { bookingPath, callToActionPath, localizedPath } from "#app/routing/paths.ts";
import {
  expect,
  expectBookingUnavailable,
  expectNoAxeViolations,
  languages,
  test,
  translator,
} from "#tests/e2e/support.ts";

// The test build is made without BOOKING_CALENDAR_URL (what a fresh `npm start` gives): its
// calls to action lead to the contact page, and the booking page, reached by its address, says
// how to ask for a call instead. The booking page with a calendar: booking.spec.ts.

test("without booking, every call to action leads to the contact page", async ({ page }) => {
  expect(callToActionPath("en")).toBe("/en/contact");
  expect(callToActionPath("en", true)).toBe(bookingPath("en"));
  for (const lang of languages) {
    const t = translator(lang);
    const contact = localizedPath("contact", lang);
    await page.goto(localizedPath("about", lang));
    await expect(
      page.getByRole("banner").getByRole("link", { name: t("nav.talk") }),
    ).toHaveAttribute("href", contact);
    // The closing band: one way, the form, named as such; no "book a call" leading elsewhere.
    const band = page.locator("[data-cta-band]");
    await expect(band.getByRole("link")).toHaveCount(1);
    await expect(band.getByRole("link", { name: t("cta.button") })).toHaveAttribute(
      "href",
      contact,
    );
    await expect(page.locator(`a[href="${bookingPath(lang)}"]`)).toHaveCount(0);
    // The contact page offers no booking either.
    await page.goto(contact);
    await expect(page.getByRole("region", { name: t("contact.book.title") })).toHaveCount(0);
    await expect(page.locator(`a[href="${bookingPath(lang)}"]`)).toHaveCount(0);
  }
  // An article's own call to action too.
  const article = (await loadInsights()).find((entry) => entry.lang === "en")!;
  await page.goto(article.path);
  await expect(
    page
      .locator("[data-cta-band]")
      .getByRole("link", { name: translator("en")("insights.cta.button") }),
  ).toHaveAttribute("href", "/en/contact");
});

test("without a calendar the booking page explains, with the form and the e-mail, at both widths and schemes", async ({
  page,
}) => {
  for (const lang of languages) {
    await page.goto(bookingPath(lang));
    await expectBookingUnavailable(page, lang);
  }
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(bookingPath("es"));
      await expectNoAxeViolations(page);
    }
  }
  await page.getByRole("link", { name: translator("es")("booking.unavailable.form") }).click();
  await expect(page).toHaveURL(localizedPath("contact", "es"));
});
