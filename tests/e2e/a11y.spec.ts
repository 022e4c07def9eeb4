import { expect, test } from "./support";

// axe in both colour schemes at 390 and 1440 px, and no sideways scroll at 320, 390 and
// 1440 px, are checked per URL in page-sweep.spec.ts.

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("nothing animates", async ({ page }) => {
    await page.goto("/services");
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
  await page.goto("/services");
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
