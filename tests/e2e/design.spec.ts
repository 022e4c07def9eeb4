import { siteConfig } from "~/config/site";
import { pagesIn, type PageId } from "~/pages";
import { localizedPath } from "~/routing/paths";
import { expect, languages, test, translator, visit } from "./support";

/**
 * The pages that end with the call-to-action band before the footer (services ends with its
 * own "another challenge?" card instead).
 */
const ctaPages: PageId[] = ["home", "about", "brands"];

for (const lang of languages) {
  for (const pageId of ctaPages) {
    const path = localizedPath(pageId, lang);
    test(`${path} ends with the call to action to the contact page`, async ({ page }) => {
      const t = translator(lang);
      await visit(page, path);
      const band = page.getByRole("region", { name: t("cta.title") });
      await expect(band).toBeVisible();
      await expect(band.getByRole("link", { name: t("cta.button") })).toHaveAttribute(
        "href",
        localizedPath("contact", lang),
      );
      // Last thing in the main content: nothing sits between the band and the footer.
      const last = await page.locator("main > *").last().getAttribute("aria-labelledby");
      expect(last).toBe("cta-title");
    });
  }
}

test("the contact page and the legal pages have no call-to-action band", async ({ page }) => {
  for (const path of ["/en/contact", "/privacy"]) {
    await visit(page, path);
    await expect(page.locator("[data-cta-band]")).toHaveCount(0);
  }
});

test("the footer shows the company facts and brands from the site config", async ({ page }) => {
  const t = translator("ca");
  await visit(page, "/ca/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(t("footer.tagline"))).toBeVisible();
  await expect(footer.getByRole("link", { name: siteConfig.email })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.email}`,
  );
  await expect(footer).toContainText(siteConfig.address.locality);
  await expect(footer).toContainText(siteConfig.area);
  const profile = footer.getByRole("link", { name: t("contact.details.profileLink") });
  await expect(profile).toHaveAttribute("href", siteConfig.linkedinUrl);
  await expect(profile).toHaveAttribute("target", "_blank");
  const brands = footer.getByRole("navigation", { name: t("footer.brands") });
  for (const brand of [siteConfig.brands.lab, siteConfig.brands.consultancy]) {
    await expect(brands.getByRole("link", { name: brand })).toHaveAttribute("href", "/ca/brands");
  }
  for (const [title, group] of [
    [t("footer.links"), pagesIn("main")],
    [t("footer.legal"), pagesIn("legal")],
  ] as const) {
    const nav = footer.getByRole("navigation", { name: title });
    await expect(nav.getByRole("link")).toHaveText(group.map((p) => t(`nav.${p}`)));
  }
});

test("home: the hero fills the first screen and its art is hidden from assistive technology", async ({
  page,
}) => {
  const t = translator("en");
  await visit(page, "/en");
  const hero = page.locator("main > section").first();
  const box = await hero.boundingBox();
  // The hero and the fixed header together cover the 900 px viewport: no dead band.
  expect(box!.y + box!.height).toBeGreaterThanOrEqual(900);
  // Visible to sighted visitors, absent from the accessibility tree.
  await expect(hero.getByText(t("home.hero.art.chat.answer"))).toBeVisible();
  expect(await page.getByRole("main").ariaSnapshot()).not.toContain(t("home.hero.art.chat.answer"));
  expect(
    await page.getByRole("main").evaluate((main) => main.querySelectorAll("img, picture").length),
  ).toBe(0);
});

test("home: how we work, why us and the two brands", async ({ page }) => {
  const t = translator("es");
  await visit(page, "/");
  const steps = page.getByRole("region", { name: t("home.process.title") }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  for (const [i, step] of ["discover", "plan", "build", "support"].entries()) {
    await expect(steps.nth(i).getByRole("heading")).toHaveText(
      t(`home.process.steps.${step}.title` as never),
    );
  }
  const why = page.getByRole("region", { name: t("home.why.title") });
  await expect(why.getByRole("listitem")).toHaveCount(5);
  await expect(why.getByRole("link", { name: t("home.why.link") })).toHaveAttribute(
    "href",
    "/about",
  );
  // Each brand panel names its parent and links to its own section of the brands page.
  const brands = page.getByRole("region", { name: t("home.brands.title") });
  await expect(brands.getByText(t("home.brands.by"))).toHaveCount(2);
  for (const id of ["lab", "consultancy"] as const) {
    const link = brands.getByRole("link", {
      name: t("home.brands.moreAbout", { brand: siteConfig.brands[id] }),
    });
    await expect(link).toHaveAttribute("href", `/brands#${id}`);
  }
  await visit(page, "/brands#consultancy");
  await expect(page.locator("#consultancy")).toContainText(siteConfig.brands.consultancy);
});

test("home and contact answer frequent questions without JavaScript", async ({ page }) => {
  const t = translator("en");
  for (const path of ["/en", "/en/contact"]) {
    await visit(page, path);
    const faq = page.getByRole("region", { name: t("home.faq.title") });
    const questions = faq.locator("details");
    await expect(questions).toHaveCount(7);
    const answer = faq.getByText(t("faq.ownership.a"));
    await expect(answer).toBeHidden();
    await faq.getByText(t("faq.ownership.q")).click();
    await expect(answer).toBeVisible();
  }
});

test("contact: what happens next, with the reply time from the site config", async ({ page }) => {
  const t = translator("en");
  await visit(page, "/en/contact");
  const next = page.getByRole("region", { name: t("contact.next.title") });
  await expect(next.getByRole("listitem")).toHaveCount(3);
  await expect(next).toContainText(
    t("contact.next.reply.title", { count: siteConfig.practice.replyWithinBusinessDays }),
  );
});

test("header: a call to action on wide screens and 44 px language targets", async ({ page }) => {
  const t = translator("en");
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, "/en/services");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: t("nav.talk") })).toHaveAttribute(
    "href",
    "/en/contact",
  );
  for (const box of await header
    .locator("[data-language-choice]")
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON()))) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
});

test.describe("the 404 page", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("offers services and contact besides the way home", async ({ page }) => {
    const t = translator("en");
    await page.goto("/en/no-such-page");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: t("nav.services") })).toHaveAttribute(
      "href",
      "/en/services",
    );
    await expect(main.getByRole("link", { name: t("nav.contact") })).toHaveAttribute(
      "href",
      "/en/contact",
    );
  });
});

test("every inner page has a subtitle under its title", async ({ page }) => {
  const t = translator("en");
  for (const [path, lead] of [
    ["/en/about", "about.lead"],
    ["/en/brands", "brands.lead"],
    ["/en/services", "services.lead"],
    ["/en/contact", "contact.lead"],
  ] as const) {
    await visit(page, path);
    await expect(page.locator("main > header p").first()).toHaveText(t(lead));
  }
});

test("the brands page says how the brands relate to the company", async ({ page }) => {
  const t = translator("en");
  await visit(page, "/en/brands");
  const relation = page.getByRole("region", { name: t("brands.relation.title") });
  await expect(relation).toContainText(siteConfig.name);
  // The e-mail address is in the footer once, not repeated on the page.
  await expect(page.getByRole("main").getByRole("link", { name: siteConfig.email })).toHaveCount(0);
});

test.describe("colour schemes", () => {
  /** The page's computed colours and the values the tokens resolve to. */
  async function colours(page: import("@playwright/test").Page) {
    return page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      const probe = document.createElement("div");
      document.body.append(probe);
      const resolve = (token: string) => {
        probe.style.color = root.getPropertyValue(token);
        return getComputedStyle(probe).color;
      };
      const result = {
        body: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
        surface: resolve("--surface"),
        fg: resolve("--text"),
        input: getComputedStyle(document.querySelector("textarea")!).backgroundColor,
        raised: resolve("--surface-raised"),
      };
      probe.remove();
      return result;
    });
  }

  test("dark follows the system: every surface switches to the dark tokens", async ({
    browser,
  }) => {
    const seen: Record<string, Awaited<ReturnType<typeof colours>>> = {};
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await visit(page, "/en/contact");
      const c = await colours(page);
      expect(c.body).toBe(c.surface);
      expect(c.text).toBe(c.fg);
      expect(c.input).toBe(c.raised);
      seen[colorScheme] = c;
      await context.close();
    }
    expect(seen.dark!.body).not.toBe(seen.light!.body);
    expect(seen.dark!.text).not.toBe(seen.light!.text);
    expect(seen.dark!.input).not.toBe(seen.light!.input);
    // Dark means dark: the page background is darker than its text.
    const lightness = (rgb: string) =>
      rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .reduce((sum, v) => sum + Number(v), 0);
    expect(lightness(seen.dark!.body)).toBeLessThan(lightness(seen.dark!.text));
    expect(lightness(seen.light!.body)).toBeGreaterThan(lightness(seen.light!.text));
  });

  test("the browser bar colour is given per scheme", async ({ page }) => {
    await visit(page, "/");
    const metas = page.locator('meta[name="theme-color"]');
    await expect(metas).toHaveCount(2);
    expect(await metas.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("media")))).toEqual([
      "(prefers-color-scheme: light)",
      "(prefers-color-scheme: dark)",
    ]);
  });
});
