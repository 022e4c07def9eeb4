import type { Page } from "@playwright/test";
import { siteConfig } from "#app/config/site.ts";
import { expect, test, translator } from "#tests/e2e/support.ts";

const t = translator("en");

/** The expanded state as assistive technology reads it from the browser's accessibility tree. */
async function menuButtonExpanded(page: Page): Promise<boolean | undefined> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = await session.send("Accessibility.getFullAXTree");
  const button = nodes.find(
    (node) => node.role?.value === "button" && node.name?.value === t("nav.openMenu"),
  );
  const expanded = button?.properties?.find((p) => p.name === "expanded");
  await session.detach();
  return expanded ? Boolean(expanded.value.value) : undefined;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`mobile menu with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled });

    test("opens from the icon button and closes on a link, the logo and Escape", async ({
      page,
    }) => {
      await page.goto("/en/about");
      const nav = page.getByRole("navigation", { name: t("nav.label") });
      const toggle = page.getByRole("button", { name: t("nav.openMenu") });
      await expect(nav).toBeHidden();
      expect(await menuButtonExpanded(page)).toBe(false);

      await toggle.click();
      await expect(nav).toBeVisible();
      expect(await menuButtonExpanded(page)).toBe(true);
      // A scrim darkens the page below the bar while the menu is open; the bar stays clear.
      const scrim = await nav.evaluate((node) => {
        const style = getComputedStyle(node, "::backdrop");
        return { background: style.backgroundColor, top: style.top };
      });
      expect(scrim.background).toMatch(/^rgba\(0, 0, 0, 0\.[1-9]/);
      expect(scrim.top).toBe("64px");
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();

      await toggle.click();
      await nav.getByRole("link", { name: t("nav.services") }).click();
      await expect(page).toHaveURL("/en/services");
      await expect(nav).toBeHidden();

      await toggle.click();
      await expect(nav).toBeVisible();
      await page
        .getByRole("link", { name: t("nav.logoHome", { company: siteConfig.name }) })
        .first()
        .click();
      await expect(page).toHaveURL("/en");
      await expect(nav).toBeHidden();
    });
  });
}

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("shows every link in the bar without a menu button", async ({ page }) => {
    await page.goto("/en");
    const nav = page.getByRole("navigation", { name: t("nav.label") });
    for (const key of ["home", "about", "brands", "services", "contact"] as const) {
      await expect(nav.getByRole("link", { name: t(`nav.${key}`) })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: t("nav.home") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("button", { name: t("nav.openMenu") })).toBeHidden();
  });

  test("focus is never hidden under the fixed bar", async ({ page }) => {
    await page.goto("/en/services");
    const header = await page.locator("body > header").boundingBox();
    // Tab through the whole page; every focused element stays below the bar or inside it.
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press("Tab");
      // The header itself and the skip link (fixed, on top) cannot be covered by the header.
      const onTop = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return true;
        return (
          active.closest("body > header") !== null || getComputedStyle(active).position === "fixed"
        );
      });
      if (onTop) continue;
      const box = await page.evaluate(() => {
        const rect = document.activeElement?.getBoundingClientRect();
        return rect ? { top: rect.top, bottom: rect.bottom } : null;
      });
      if (box && box.bottom > 0)
        expect(box.top, `step ${step}`).toBeGreaterThanOrEqual(header!.height - 1);
    }
  });
});
