import { siteConfig } from "~/config/site";
import { allPagePaths, publishedLanguages } from "~/routing/paths";
import { expect, fillContactForm, reachForContactForm, test, translator, visit } from "./support";

// Runs against a build made with German published (the "german" project).
const withGerman = publishedLanguages({ ...siteConfig, germanPublished: true });
const t = translator("de");

test("German joins every page with its own URLs, texts and switch button", async ({ page }) => {
  const germanPaths = allPagePaths(withGerman).filter(
    (path) => path === "/de" || path.startsWith("/de/"),
  );
  expect(germanPaths).toHaveLength(8);
  for (const path of germanPaths) {
    const response = await visit(page, path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Deutsch, DE", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
  }
  await visit(page, "/de/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("services.title"));
});

test("the switcher offers four languages and remembers German", async ({ page }) => {
  await visit(page, "/about");
  await expect(
    page.getByRole("list", { name: translator("es")("nav.languages") }).getByRole("link"),
  ).toHaveCount(4);
  await page.getByRole("link", { name: "Deutsch, DE", exact: true }).click();
  await expect(page).toHaveURL("/de/about");
  await visit(page, "/services");
  await expect(page).toHaveURL("/de/services");
});

test("the German contact form comes alive in German", async ({ page }) => {
  await visit(page, "/de/contact");
  await reachForContactForm(page, t, "email");
  // Spaces pass the browser's own check but not the form's rules.
  await fillContactForm(page, t, { name: "   ", email: "kunde@example.de", message: "Hallo" });
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  await expect(page.getByLabel(t("contact.form.name"), { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(
    page.getByRole("region", { name: new RegExp(t("contact.form.toasts")) }),
  ).toContainText(t("contact.form.error"));
});

test.describe("unknown German path", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("answers 404 in German", async ({ page }) => {
    const response = await visit(page, "/de/nichts");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("notFound.title"));
  });
});
