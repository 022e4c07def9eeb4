import { expect, expectNoAxeViolations, test } from "#tests/e2e/support.ts";

// axe at 390 px in the light scheme and at 1440 px in the dark one, and no sideways scroll
// at 320, 390 and 1440 px, are checked per URL in page-sweep.spec.ts.

// What only one width shows, in the scheme the sweep does not audit it in: the header's menu
// button at 390 px, its navigation bar and the hero's cards at 1440 px (the home page has
// them all; the header is the same on every page). Their colours are all that changes.
for (const [width, height, colorScheme] of [
  [390, 844, "dark"],
  [1440, 900, "light"],
] as const)
  test.describe(`${width} px, ${colorScheme}`, () => {
    test.use({ viewport: { width, height }, colorScheme });
    test("the parts shown at this width only pass axe's colour rules", async ({ page }) => {
      await page.goto("/");
      await expectNoAxeViolations(page, "colours");
    });
  });

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
