import { expect, expectNoAxeViolations, pageUrls, test, visit } from "./support";

const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const colorScheme of ["light", "dark"] as const) {
      test.describe(`${colorScheme} scheme`, () => {
        test.use({ colorScheme });
        for (const { path } of pageUrls) {
          test(`${path} has no axe violations`, async ({ page }) => {
            await visit(page, path);
            await expectNoAxeViolations(page);
          });
        }
      });
    }

    test(`no page scrolls sideways at ${viewport.width} px`, async ({ page }) => {
      for (const { path } of pageUrls) {
        await visit(page, path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBe(0);
      }
    });
  });
}

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test("no page scrolls sideways", async ({ page }) => {
    for (const { path } of pageUrls) {
      await visit(page, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
});

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("nothing animates", async ({ page }) => {
    await visit(page, "/services");
    const animated = await page.evaluate(
      () =>
        [...document.querySelectorAll("*")].filter(
          (el) => getComputedStyle(el).animationName !== "none",
        ).length,
    );
    expect(animated).toBe(0);
  });
});

test("pages enter with a 0.5 s animation and service cards are staggered by 0.1 s", async ({
  page,
}) => {
  await visit(page, "/services");
  const cards = page.locator("main ul > li");
  await expect(cards).toHaveCount(7);
  const timings = await cards.evaluateAll((items) =>
    items.map((item) => {
      const style = getComputedStyle(item);
      return `${style.animationDuration}/${style.animationDelay}`;
    }),
  );
  expect(timings).toEqual([
    "0.5s/0s",
    "0.5s/0.1s",
    "0.5s/0.2s",
    "0.5s/0.3s",
    "0.5s/0.4s",
    "0.5s/0.5s",
    "0.5s/0.6s",
  ]);
});
