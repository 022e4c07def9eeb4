import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import { startSite, type Site } from "#tests/support/site.ts";
import { expect, test, translator } from "#tests/e2e/support.ts";

// How the form's script times a fill, as the server's spam check reads it.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
    // Playwright turns the back/forward cache off by default; browsers keep it on.
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site.stop());

const visitor = { name: "Marta Ferrer", email: "marta@example.es", message: "Hola" };

test("the fill time counts from the first touch of the form, and afresh after a back/forward restore of an empty form", async ({
  page,
}) => {
  const t = translator("en");
  const now = () => page.evaluate(() => performance.now());
  /** Autofills the fields (no focus, no typing), sends, and gives the fill time it sent. */
  async function autofillAndSend() {
    for (const field of ["name", "email", "message"] as const)
      await page
        .getByLabel(t(`contact.form.${field}`), { exact: true })
        .evaluate((input: HTMLInputElement, text) => (input.value = text), visitor[field]);
    const request = page.waitForRequest((request) => request.method() === "POST");
    await page.getByRole("button", { name: t("contact.form.submit") }).click();
    const elapsed = new URLSearchParams((await request).postData() ?? "").get("elapsed");
    expect(elapsed).toMatch(/^\d+$/);
    return Number(elapsed);
  }

  await page.goto(`${site.url}/en/contact`);
  await page.getByRole("button", { name: t("contact.form.submit") }).hover();
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  // Loading the page, and a pointer over the form, are not filling it in.
  const beforeTouch = await now();
  expect(await autofillAndSend()).toBeLessThanOrEqual((await now()) - beforeTouch + 1);

  // A field focused, then the visitor leaves without typing and comes back.
  await page.getByLabel(t("contact.form.name"), { exact: true }).focus();
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByRole("link", { name: t("contact.form.privacyLink") }).click();
  await expect(page).not.toHaveURL(/contact/);
  // A page restored from the cache fires no load event, only pageshow.
  await page.goBack({ waitUntil: "commit" });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { kept?: boolean }).kept))
    .toBe(true);
  const restored = await now();
  expect(await autofillAndSend()).toBeLessThanOrEqual((await now()) - restored + 1);
});
