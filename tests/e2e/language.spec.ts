import { languageName } from "#app/i18n/language-name.ts";
import { expect, languages, test, translator } from "#tests/e2e/support.ts";

test("the switcher shows each published language by its own name and marks the active one", async ({
  page,
}) => {
  await page.goto("/ca/brands");
  const switcher = page.getByRole("list", { name: translator("ca")("nav.languages") });
  for (const lang of languages) {
    const link = switcher.getByRole("link", {
      name: `${languageName(lang)}, ${lang.toUpperCase()}`,
      exact: true,
    });
    await expect(link).toHaveText(lang.toUpperCase());
    await expect(link).toHaveAttribute("lang", lang);
    if (lang === "ca") await expect(link).toHaveAttribute("aria-current", "true");
    else await expect(link).not.toHaveAttribute("aria-current");
  }
  await expect(switcher.getByRole("link")).toHaveCount(languages.length);
  await expect(page.getByRole("link", { name: "Deutsch" })).toHaveCount(0);
});

test("switching language keeps the page and is remembered for unprefixed URLs", async ({
  page,
}) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "English, EN", exact: true }).click();
  await expect(page).toHaveURL("/en/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translator("en")("about.title"));

  // A later visit to a Spanish (unprefixed) URL leads to the remembered language.
  await page.goto("/services");
  await expect(page).toHaveURL("/en/services");

  await page.getByRole("link", { name: "Català, CA", exact: true }).click();
  await expect(page).toHaveURL("/ca/services");
  await page.goto("/contact");
  await expect(page).toHaveURL("/ca/contact");

  await page.getByRole("link", { name: "Español, ES", exact: true }).click();
  await expect(page).toHaveURL("/contact");
  await page.goto("/brands");
  await expect(page).toHaveURL("/brands");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  const cookie = (await page.context().cookies()).find((c) => c.name === "lang");
  expect(cookie?.value).toBe("es");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.path).toBe("/");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});

test("a first visit gets Spanish whatever the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await context.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the languages are in the bar: switching needs no menu", async ({ page }) => {
    const t = translator("en");
    await page.goto("/en/about");
    const banner = page.getByRole("banner");
    await expect(page.getByRole("navigation", { name: t("nav.label") })).toBeHidden();
    await banner.getByRole("link", { name: "Català, CA", exact: true }).click();
    await expect(page).toHaveURL("/ca/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      translator("ca")("about.title"),
    );
  });
});
