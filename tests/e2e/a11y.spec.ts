import { expect, test } from "#tests/e2e/support.ts";

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
  // The services are grouped by the brand that delivers them; each group staggers its cards.
  const cards = page.locator("main section > ul > li");
  await expect(cards).toHaveCount(7);
  const timings = await cards.evaluateAll((items) =>
    items.map((item) => {
      const style = getComputedStyle(item);
      const position = [...(item.parentElement?.children ?? [])].indexOf(item);
      return `${position} ${style.animationDuration}/${style.animationDelay}`;
    }),
  );
  expect(timings.length).toBe(7);
  for (const timing of timings) {
    const [position, value] = timing.split(" ");
    expect(value).toBe(`0.5s/${Number(position) / 10}s`);
  }
  expect(timings.some((timing) => timing.startsWith("4 "))).toBe(true);
});
