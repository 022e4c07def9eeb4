import { expect, test, translator } from "#tests/e2e/support.ts";

// The browser itself reports a document answered with 404 as a console error.
test.use({ allowedConsoleErrors: [/status of 404/] });

const cases = [
  { path: "/nope", lang: "es", home: "/" },
  { path: "/fr/about", lang: "es", home: "/" },
  { path: "/de/about", lang: "es", home: "/" },
  { path: "/es/about", lang: "es", home: "/" },
  { path: "/about/team", lang: "es", home: "/" },
  { path: "/en/nope", lang: "en", home: "/en" },
  { path: "/ca/serveis", lang: "ca", home: "/ca" },
] as const;

for (const { path, lang, home } of cases) {
  test(`${path} answers 404 with the ${lang} 404 page`, async ({ page, consoleMessages }) => {
    const t = translator(lang);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("notFound.title"));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const back = page.getByRole("link", { name: t("notFound.backHome") });
    await expect(back).toHaveAttribute("href", home);
    expect(consoleMessages.some((m) => m.includes(path))).toBe(true);
    await back.click();
    await expect(page).toHaveURL(home);
  });
}

test("a missing asset is a plain 404, not an HTML page", async ({ request }) => {
  const response = await request.get("/assets/missing-0000.js");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  expect((await response.text()).slice(0, 100)).toBe("Not Found");
});
