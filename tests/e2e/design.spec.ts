import { siteConfig, type Language } from "#app/config/site.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import { services } from "#app/content/service-list.ts";
import { pagesIn } from "#app/pages.ts";
import { inSentence } from "#app/text/typography.ts";
import { bookingPath, callToActionPath, localizedPath } from "#app/routing/paths.ts";
import {
  expect,
  expectBookingUnavailable,
  languages,
  lineCounts,
  sidewaysOverflow,
  textsCutAtEdges,
  settle,
  test,
  translator,
} from "#tests/e2e/support.ts";

/** A token's value as the browser resolves it, for comparison with computed colours. */
const token = (page: import("@playwright/test").Page, name: string) =>
  page.evaluate((name) => {
    const probe = document.createElement("div");
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(name);
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);

// The call-to-action band (last in main on home, about, brands, services and insights; absent
// on the contact and legal pages) is checked per URL in page-sweep.spec.ts.

test("the footer shows the company facts and brands from the site config", async ({ page }) => {
  const t = translator("ca");
  await page.goto("/ca/about");
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
  // The main pages, then the questions page (not in the header, which keeps its links).
  for (const [title, links] of [
    [t("footer.links"), [...pagesIn("main").map((p) => t(`nav.${p}`)), t("ask.link.footer")]],
    [t("footer.legal"), pagesIn("legal").map((p) => t(`nav.${p}`))],
  ] as const) {
    const nav = footer.getByRole("navigation", { name: title });
    await expect(nav.getByRole("link")).toHaveText(links);
  }
  await expect(
    footer.getByRole("link", { name: t("ask.link.footer"), exact: true }),
  ).toHaveAttribute("href", "/ca/ask");
});

test("home: the hero fills the first screen and its art is hidden from assistive technology", async ({
  page,
}) => {
  const t = translator("en");
  await page.goto("/en");
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
  await page.goto("/");
  const process = page.getByRole("region", { name: t("home.process.title") });
  const steps = process.getByRole("list").first().getByRole("listitem");
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
  await page.goto("/brands#consultancy");
  await expect(page.locator("#consultancy")).toContainText(siteConfig.brands.consultancy);
});

test("contact answers frequent questions without JavaScript", async ({ page }) => {
  const t = translator("en");
  await page.goto("/en/contact");
  const faq = page.getByRole("region", { name: t("home.faq.title") });
  const questions = faq.locator("details");
  await expect(questions).toHaveCount(7);
  const answer = faq.getByText(t("faq.ownership.a"));
  await expect(answer).toBeHidden();
  await faq.getByText(t("faq.ownership.q")).click();
  await expect(answer).toBeVisible();
});

test("contact: what happens next, with the reply time from the site config", async ({ page }) => {
  const t = translator("en");
  await page.goto("/en/contact");
  const next = page.getByRole("region", { name: t("contact.next.title") });
  await expect(next.getByRole("listitem")).toHaveCount(3);
  await expect(next).toContainText(
    t("contact.next.reply.title", { count: siteConfig.practice.replyWithinBusinessDays }),
  );
});

test("header: the call to action and the languages in the bar on every screen, 44 px targets where there is room", async ({
  page,
}) => {
  const t = translator("en");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/en/services");
  const header = page.getByRole("banner");
  const cta = header.getByRole("link", { name: t("nav.talk") });
  await expect(cta).toHaveAttribute("href", callToActionPath("en"));
  const languageBoxes = () =>
    header
      .locator("[data-language-choice]")
      .evaluateAll((links) =>
        links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
      );
  // Three languages have their full 44 px from a 360 px phone up; the narrowest phone
  // (or a fourth language) narrows them, never under 24 px.
  for (const [width, least] of [
    [1440, 44],
    [1024, 44],
    [768, 44],
    [390, 44],
    [360, 44],
    [320, 24],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await expect(cta).toBeVisible();
    const box = (await cta.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expect(header.getByRole("link", { name: /, EN$/ })).toBeVisible();
    for (const language of await languageBoxes()) {
      expect(language.width, `${width} px`).toBeGreaterThanOrEqual(least);
      expect(language.height, `${width} px`).toBeGreaterThanOrEqual(44);
      expect(language.right, `${width} px`).toBeLessThanOrEqual(box.x);
    }
  }
  // On the page it leads to, the call to action stays, marked as the current page: the bar
  // keeps no empty slot and nothing beside it moves.
  await page.setViewportSize({ width: 1440, height: 900 });
  const servicesLink = header.getByRole("link", { name: t("nav.services"), exact: true });
  const where = (await servicesLink.boundingBox())?.x;
  await page.goto(callToActionPath("en"));
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute("aria-current", "page");
  expect((await servicesLink.boundingBox())?.x).toBe(where);
});

test("home: the newest articles of the page's language, linked", async ({ page }) => {
  for (const lang of ["es", "en"] as const) {
    const t = translator(lang);
    const newest = (await loadInsights())
      .filter((article) => article.lang === lang)
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, 3);
    await page.goto(localizedPath("home", lang));
    const section = page.getByRole("region", { name: t("home.insights.title") });
    const cards = section.getByRole("list").first().locator(":scope > li");
    await expect(cards).toHaveCount(newest.length);
    for (const article of newest) {
      await expect(section.getByRole("link", { name: article.title })).toHaveAttribute(
        "href",
        article.path,
      );
    }
    await expect(section.getByRole("link", { name: t("home.insights.all") })).toHaveAttribute(
      "href",
      localizedPath("insights", lang),
    );
    // As many columns as articles: the last card reaches the grid's right edge.
    const list = await section.getByRole("list").first().boundingBox();
    const last = await cards.last().boundingBox();
    if (newest.length > 1)
      expect(Math.abs(last!.x + last!.width - list!.x - list!.width)).toBeLessThan(1);
  }
});

test("a wrapped link keeps its arrow beside its last word", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ca/brands");
  const links = page.getByRole("main").locator("a:has(svg)");
  expect(await links.count()).toBeGreaterThan(0);
  const arrows = await links.evaluateAll((nodes) =>
    nodes.map((link) => {
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      let lastText: Node | null = null;
      while (walker.nextNode())
        if (walker.currentNode.textContent?.trim()) lastText = walker.currentNode;
      const range = document.createRange();
      range.selectNodeContents(link);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)))
        .size;
      range.selectNodeContents(lastText!);
      const word = [...range.getClientRects()].at(-1)!;
      const arrow = link.querySelector("svg")!.getBoundingClientRect();
      return {
        lines,
        gap: arrow.left - word.right,
        sameLine: arrow.top >= word.top && arrow.bottom <= word.bottom,
      };
    }),
  );
  // At least one link wraps here ("Desenvolupament de programari a mida"), and none leaves its arrow.
  expect(arrows.some((link) => link.lines > 1)).toBe(true);
  for (const { gap, sameLine } of arrows) {
    expect(sameLine).toBe(true);
    expect(gap).toBeLessThan(16);
  }
});

test("an article ends on a call to action that names its services", async ({ page }) => {
  const t = translator("en");
  const article = (await loadInsights()).find(
    (found) => found.lang === "en" && found.services.length > 0,
  )!;
  await page.goto(article.path);
  const band = page.getByRole("region", { name: t("insights.cta.title") });
  // Each named as it reads mid-sentence: "process automation", not "Process automation".
  for (const id of article.services) {
    await expect(band).toContainText(inSentence(t(`services.items.${id}.title` as never), "en"));
  }
  await expect(band.getByText(/: [A-Z]/)).toHaveCount(0);
  await expect(band.getByRole("link", { name: t("insights.cta.button") })).toHaveAttribute(
    "href",
    callToActionPath("en"),
  );
  await expect(page.locator("main > *").last()).toHaveAttribute("aria-labelledby", "cta-title");
});

test("services: the ways of working from the content data, with no price it does not state", async ({
  page,
}) => {
  const t = translator("en");
  await page.goto("/en/services");
  const section = page.getByRole("region", { name: t("engagement.title") });
  const models = section.getByRole("listitem");
  await expect(models).toHaveCount(siteConfig.practice.engagementModels.length);
  for (const [i, model] of siteConfig.practice.engagementModels.entries()) {
    const item = models.nth(i);
    await expect(item.getByRole("heading")).toHaveText(t(`engagement.models.${model}.title`));
    for (const part of ["for", "gets", "starts"] as const) {
      await expect(item).toContainText(t(`engagement.models.${model}.${part}`));
    }
    const { priceFrom, typicalWeeks } = siteConfig.practice.engagementTerms[model];
    await expect(item.locator("[data-terms]")).toHaveCount(priceFrom || typicalWeeks ? 1 : 0);
  }
  // The home page names them too, and links to this section.
  await page.goto("/en");
  const summary = page.locator("[data-engagement-summary]");
  // Each model titled as on Services: a heading in the headings' face.
  await expect(summary.getByRole("heading", { level: 4 })).toHaveText(
    siteConfig.practice.engagementModels.map((model) => t(`engagement.models.${model}.title`)),
  );
  const faces = await summary
    .getByRole("heading", { level: 4 })
    .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).fontFamily));
  expect(faces.every((face) => face.startsWith('"Plus Jakarta Sans"'))).toBe(true);
  await summary.getByRole("link", { name: t("home.engagement.link") }).click();
  await expect(page).toHaveURL("/en/services#engagement");
});

test("home says how the two brands divide the work; the brands page does not repeat it in its header", async ({
  page,
}) => {
  const t = translator("en");
  await page.goto("/en");
  await expect(page.getByRole("main")).toContainText(t("brands.split"));
  await page.goto("/en/brands");
  await expect(page.getByRole("main")).not.toContainText(t("brands.split"));
});

test("brands: at 1440 px neither panel ends in an empty stretch", async ({ page }) => {
  const t = translator("en");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/en/brands");
  for (const brand of ["lab", "consultancy"] as const) {
    const panel = page.getByRole("region", { name: siteConfig.brands[brand] });
    const box = (await panel.boundingBox())!;
    const last = (await panel.getByRole("listitem").last().boundingBox())!;
    // The last link ends within the panel's padding, not a couple of hundred pixels above.
    expect(box.y + box.height - (last.y + last.height), brand).toBeLessThan(64);
  }
  // The two columns end about level: the note on who is behind them sits under the shorter one.
  const lab = (await page.getByRole("region", { name: siteConfig.brands.lab }).boundingBox())!;
  const relation = (await page
    .getByRole("region", { name: t("brands.relation.title") })
    .boundingBox())!;
  expect(relation.x).toBeGreaterThan(lab.x + lab.width);
  expect(Math.abs(lab.y + lab.height - (relation.y + relation.height))).toBeLessThan(80);
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
    await page.goto(path);
    // The services page counts the services (content/services.json).
    await expect(page.locator("main > header p").first()).toHaveText(
      t(lead, { count: services.length }),
    );
  }
});

test("the brands page says how the brands relate to the company", async ({ page }) => {
  const t = translator("en");
  await page.goto("/en/brands");
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

  test("dark follows the system: every surface and the browser bar switch to the dark tokens", async ({
    page,
  }) => {
    await page.goto("/en/contact");
    const seen: Record<string, Awaited<ReturnType<typeof colours>>> = {};
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const c = await colours(page);
      expect(c.body).toBe(c.surface);
      expect(c.text).toBe(c.fg);
      expect(c.input).toBe(c.raised);
      // The browser bar takes the page's background in each scheme.
      const bar = await page.evaluate(() => {
        const probe = document.createElement("div");
        document.body.append(probe);
        const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
        const matching = metas.filter((meta) => matchMedia(meta.media).matches);
        probe.style.color = matching[0]?.content ?? "";
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return { matching: matching.length, colour };
      });
      expect(bar).toEqual({ matching: 1, colour: c.body });
      seen[colorScheme] = c;
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

  test("the dark scheme changes colour tokens only, never what is shown or where", async ({
    page,
  }) => {
    // The page sweep audits the second scheme with axe's colour rules alone because of this.
    await page.goto("/");
    const rules = await page.evaluate(() => {
      const found: { selectors: string[]; properties: string[] }[] = [];
      const walk = (list: CSSRuleList, inDark: boolean) => {
        for (const rule of list) {
          const dark =
            inDark ||
            (rule instanceof CSSMediaRule &&
              /prefers-color-scheme:\s*dark/.test(rule.conditionText));
          if (rule instanceof CSSStyleRule && dark)
            found.push({ selectors: [rule.selectorText], properties: [...rule.style] });
          if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules, dark);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
      return found;
    });
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.flatMap((rule) => rule.properties.filter((p) => !p.startsWith("--")))).toEqual([]);
  });
});

test.describe("review findings stay fixed", () => {
  test("one card everywhere: a brand's colour only in its mark and its panel's top rule, the same on every page", async ({
    page,
  }) => {
    /** The cards of the page: one look, and only the brands' panels with a rule, in their colour. */
    const expectBrandPanels = async (accents: { lab: string; consultancy: string }) => {
      const cards = await page.locator("main .rounded-card").evaluateAll((nodes) =>
        nodes.map((node) => {
          const style = getComputedStyle(node);
          // The brand's rule: a strip inside the card's hairline, clipped by its radius.
          const strip = getComputedStyle(node, "::before");
          return {
            brand: node.getAttribute("data-brand"),
            look: [
              style.backgroundColor,
              style.borderTopLeftRadius,
              style.borderTopWidth,
              style.borderLeftWidth,
              style.borderTopColor,
              style.borderLeftColor,
              style.borderBottomColor,
            ].join(" "),
            rule:
              strip.content === "none"
                ? null
                : `${strip.height} ${strip.backgroundColor} ${style.overflow}`,
            tagline: node.querySelector("[data-brand-tagline]")
              ? getComputedStyle(node.querySelector("[data-brand-tagline]")!).color
              : null,
          };
        }),
      );
      // Every card (services, articles, brands, the hero's) is built the same way.
      expect([...new Set(cards.map((card) => card.look))]).toHaveLength(1);
      const panels = cards.filter((card) => card.brand);
      expect(panels.map((panel) => panel.brand)).toEqual(["lab", "consultancy"]);
      // Only a brand's panel carries a rule, in the brand's colour, on the home page too.
      expect(cards.filter((card) => !card.brand && card.rule)).toEqual([]);
      const [lab, consultancy] = panels as [(typeof panels)[0], (typeof panels)[0]];
      const text = await token(page, "--text");
      for (const panel of panels) expect(panel.tagline).toBe(text);
      expect(lab.rule).toBe(`4px ${accents.lab} hidden`);
      expect(consultancy.rule).toBe(`4px ${accents.consultancy} hidden`);
    };
    for (const path of ["/en", "/en/brands", "/en/services"]) {
      await page.goto(path);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        // Card borders ease into the new scheme's colour.
        await settle(page);
        const accents = {
          lab: await token(page, "--lab"),
          consultancy: await token(page, "--consult"),
        };
        if (path !== "/en/services") await expectBrandPanels(accents);
        // Each brand's mark is in its own colour wherever it is shown (panels, the services'
        // groups and index).
        const marks = await page
          .locator("main [data-brand-mark]")
          .evaluateAll((nodes) =>
            nodes.map((node) => [
              node.getAttribute("data-brand-mark"),
              getComputedStyle(node).color,
            ]),
          );
        expect(marks.length, path).toBeGreaterThanOrEqual(2);
        for (const [brand, colour] of marks)
          expect(colour, `${path} ${brand} ${colorScheme}`).toBe(
            accents[brand as keyof typeof accents],
          );
      }
    }
  });

  test("one card system on every page: no second boxed style, no left rules, no band inside a card", async ({
    page,
  }) => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        "/en",
        "/en/about",
        "/en/services",
        "/en/brands",
        "/en/contact",
        "/en/insights",
      ]) {
        await page.goto(path);
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await settle(page);
          const found = await page.locator("main").evaluate((main) => {
            const visible = (width: string, colour: string) =>
              parseFloat(width) > 0 && colour !== "rgba(0, 0, 0, 0)";
            const sides = ["Top", "Right", "Bottom", "Left"] as const;
            const looks = new Set<string>();
            const leftRules: string[] = [];
            const bands: string[] = [];
            for (const node of main.querySelectorAll("*")) {
              if (!(node instanceof HTMLElement)) continue;
              const style = getComputedStyle(node);
              const box = node.getBoundingClientRect();
              if (!box.width || style.visibility === "hidden") continue;
              const drawn = sides.map((side) =>
                visible(
                  style.getPropertyValue(`border-${side.toLowerCase()}-width`),
                  style.getPropertyValue(`border-${side.toLowerCase()}-color`),
                ),
              );
              const name = `${node.tagName.toLowerCase()} "${node.innerText.trim().slice(0, 40)}"`;
              // A rule down one side (a list item or a statement set off by a bar), outside a
              // table of contents' own hairline.
              if (drawn[3] && !drawn[1] && !node.closest("nav")) leftRules.push(name);
              // A box: bordered all round with rounded corners, or lifted by a shadow, and big
              // enough to hold content (not a button, a field, an icon's plate or a chip).
              const boxed =
                (drawn.every(Boolean) && parseFloat(style.borderTopLeftRadius) >= 8) ||
                style.boxShadow !== "none";
              const control = node.closest("a, button, input, select, textarea, label");
              if (boxed && !control && box.width >= 120 && box.height >= 64) {
                looks.add(
                  [
                    style.backgroundColor,
                    style.borderTopLeftRadius,
                    ...sides.map((side) =>
                      style.getPropertyValue(`border-${side.toLowerCase()}-width`),
                    ),
                    style.borderTopColor,
                  ].join(" "),
                );
                // A second surface spanning the card (a footer strip, a header band).
                for (const inner of node.querySelectorAll<HTMLElement>("*")) {
                  const fill = getComputedStyle(inner).backgroundColor;
                  if (
                    !inner.closest("a, button, input, select, textarea") &&
                    fill !== "rgba(0, 0, 0, 0)" &&
                    fill !== style.backgroundColor &&
                    inner.getBoundingClientRect().width >= box.width * 0.8
                  ) {
                    bands.push(`${name} > ${inner.tagName.toLowerCase()}`);
                  }
                }
              }
            }
            return { looks: [...looks], leftRules, bands };
          });
          const where = `${path} at ${width} px, ${colorScheme}`;
          expect(found.looks, where).toHaveLength(1);
          expect(found.leftRules, where).toEqual([]);
          expect(found.bands, where).toEqual([]);
        }
      }
    }
  });

  test("home: the values as one even grid of equal items", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/en");
    const boxes = await page
      .locator("[data-values] > li")
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON()));
    expect(boxes).toHaveLength(5);
    expect(new Set(boxes.map((box) => Math.round(box.width))).size).toBe(1);
    // One row of five, starting under the section's heading: no row centred on its own.
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    const heading = await page
      .getByRole("heading", { name: translator("en")("home.why.title") })
      .boundingBox();
    expect(Math.abs(boxes[0]!.left - heading!.x)).toBeLessThanOrEqual(1);
    // No item is boxed: the items carry no border of their own.
    const borders = await page
      .locator("[data-values] > li")
      .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).borderTopWidth));
    expect(new Set(borders)).toEqual(new Set(["0px"]));
  });

  test("an article's title block lines up with its text column", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/en/insights");
    const first = page.getByRole("main").locator("a[href^='/en/insights/']").first();
    await page.goto((await first.getAttribute("href"))!);
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    const text = await page.locator(".article-text").boundingBox();
    expect(Math.abs(title!.x - text!.x)).toBeLessThanOrEqual(1);
  });

  test("contact: the FAQ and the footer are on different surfaces in both schemes", async ({
    page,
  }) => {
    const t = translator("en");
    await page.goto("/en/contact");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const faq = await page
        .getByRole("region", { name: t("home.faq.title") })
        .evaluate((node) => getComputedStyle(node).backgroundColor);
      const footer = await page
        .getByRole("contentinfo")
        .evaluate((node) => getComputedStyle(node).backgroundColor);
      expect(faq).not.toBe(footer);
    }
  });

  test("one plate for every icon: the services' emoji and the line icons share the tile", async ({
    page,
  }) => {
    for (const path of ["/en", "/en/services", "/en/about"]) {
      await page.goto(path);
      await settle(page);
      const looks = await page
        .getByRole("main")
        .locator(".tile")
        .evaluateAll((nodes) =>
          nodes.map((node) => {
            const style = getComputedStyle(node);
            return `${style.backgroundColor} ${style.borderTopLeftRadius} ${style.borderTopWidth}`;
          }),
        );
      expect(looks.length, path).toBeGreaterThan(2);
      expect(new Set(looks).size, path).toBe(1);
      // No icon of the page's text sits outside a plate in the accent colour.
      expect(await page.getByRole("main").locator("h3 > svg.text-accent").count(), path).toBe(0);
      // On a plate of the same size, an emoji takes the line icon's box: as wide and as tall
      // (within a pixel or two; its drawing fills more of its box than a line icon's), centred
      // alike, sitting neither higher nor lower.
      const glyphs = await page
        .getByRole("main")
        .locator(".tile")
        .evaluateAll((nodes) =>
          nodes.map((node) => {
            const plate = node.getBoundingClientRect();
            const icon = node.querySelector("svg");
            const range = document.createRange();
            range.selectNodeContents(node);
            const box = icon ? icon.getBoundingClientRect() : range.getBoundingClientRect();
            return {
              kind: icon ? "line" : "emoji",
              plate: Math.round(plate.width),
              // Whole pixels: a text box's height comes from font metrics in 1/64 px steps.
              width: Math.round(box.width),
              height: Math.round(box.height),
              dx: box.left + box.width / 2 - (plate.left + plate.width / 2),
              dy: box.top + box.height / 2 - (plate.top + plate.height / 2),
            };
          }),
        );
      for (const emoji of glyphs.filter((glyph) => glyph.kind === "emoji")) {
        const line = glyphs.find((glyph) => glyph.kind === "line" && glyph.plate === emoji.plate);
        const size = line ? line.width : emoji.plate / 2;
        expect(
          Math.abs(emoji.width - size),
          `${path} ${JSON.stringify(emoji)}`,
        ).toBeLessThanOrEqual(2);
        expect(
          Math.abs(emoji.height - size),
          `${path} ${JSON.stringify(emoji)}`,
        ).toBeLessThanOrEqual(2);
        expect(Math.abs(emoji.dx), path).toBeLessThanOrEqual(1);
        expect(Math.abs(emoji.dy), path).toBeLessThanOrEqual(1);
      }
    }
  });

  test("hero: three staggered cards on wide screens, none covering another, one on phones", async ({
    page,
  }) => {
    const art = page.locator("[data-hero-art]");
    const visibleCards = () =>
      art
        .locator(".rounded-card")
        .evaluateAll(
          (nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).length,
        );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/en");
    expect(await visibleCards()).toBe(1);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await visibleCards()).toBe(3);
    // Layered by shadows, never faded: every card fully opaque once the entry has run.
    await settle(page);
    const opacities = await art
      .locator(".rounded-card")
      .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).opacity));
    expect(opacities).toEqual(["1", "1", "1"]);
    // No card covers another's content.
    const boxes = await art
      .locator(".rounded-card")
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON()));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart, JSON.stringify([a, b])).toBe(true);
      }
    }
  });
});

test("contact: the form's card reaches the bottom of the column beside it, its message box taking the height", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/en/contact");
  const card = page.locator("[data-contact-card]");
  const column = card.locator("xpath=following-sibling::div[1]");
  // The column as tall as it is with every part it may show (the booking card, the people).
  await column.evaluate((node) => {
    const filler = document.createElement("div");
    filler.style.height = "300px";
    node.append(filler);
  });
  const message = page.getByLabel(translator("en")("contact.form.message"), { exact: true });
  const cardBox = (await card.boundingBox())!;
  const columnBox = (await column.boundingBox())!;
  expect(
    Math.abs(cardBox.y + cardBox.height - (columnBox.y + columnBox.height)),
  ).toBeLessThanOrEqual(1);
  expect((await message.boundingBox())!.height).toBeGreaterThan(300);
});

test("services: the index's names are evenly spaced, wrapped or not", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/en/services");
  const gaps = await page.locator("[data-services-index] ul").evaluateAll((lists) =>
    lists.flatMap((list) => {
      const texts = [...list.querySelectorAll("a")].map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        return range.getBoundingClientRect();
      });
      return texts.slice(1).map((text, i) => text.top - texts[i]!.bottom);
    }),
  );
  expect(gaps.length).toBeGreaterThan(3);
  expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(2);
});

test("footer on phones: the links on the left, the brands and the legal pages stacked on the right", async ({
  page,
}) => {
  const t = translator("es");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const box = async (name: string) =>
    (await footer.getByRole("navigation", { name, exact: true }).boundingBox())!;
  const links = await box(t("footer.links"));
  const brands = await box(t("footer.brands"));
  const legal = await box(t("footer.legal"));
  expect(brands.x).toBeGreaterThan(links.x + links.width);
  expect(Math.abs(legal.x - brands.x)).toBeLessThanOrEqual(1);
  expect(legal.y).toBeGreaterThan(brands.y + brands.height);
  // Nothing of the columns' part sits below the links' column alone.
  expect(legal.y + legal.height).toBeLessThanOrEqual(links.y + links.height + 48);
});

test.describe("a designer's details, in every language", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("home at 1440 px: the values' and the services' titles each keep to one line, their texts start level", async ({
    page,
  }) => {
    for (const lang of languages) {
      const t = translator(lang);
      await page.goto(localizedPath("home", lang));
      // The cards enter staggered: measured mid-way, their texts would not start level.
      await settle(page);
      for (const title of [t("home.why.title"), t("home.services.title")]) {
        const items = page
          .getByRole("region", { name: title })
          .getByRole("list")
          .first()
          .locator(":scope > li");
        const where = `${lang}: ${title}`;
        const lines = await lineCounts(items.locator("h3"));
        expect(lines.length, where).toBeGreaterThan(2);
        expect(lines, where).toEqual(lines.map(() => 1));
        const texts = await items
          .locator("h3 + p")
          .evaluateAll((nodes) =>
            nodes.map((node) => Math.round(node.getBoundingClientRect().top)),
          );
        expect(new Set(texts).size, where).toBe(1);
      }
    }
  });

  test("articles: the same card on the home page and on the insights page, titles filling their lines", async ({
    page,
  }) => {
    for (const lang of languages) {
      const t = translator(lang);
      const own = (await loadInsights()).filter((article) => article.lang === lang);
      await page.goto(localizedPath("home", lang));
      const cards = page
        .getByRole("region", { name: t("home.insights.title") })
        .getByRole("list")
        .first()
        .locator(":scope > li");
      await expect(cards).toHaveCount(Math.min(own.length, 3));
      for (const card of await cards.all()) {
        const title = (await card.getByRole("heading").textContent())!;
        const article = own.find((found) => found.title === title)!;
        // The date, the reading time and the topics, as on /insights.
        await expect(card).toContainText(
          t("insights.readingTime", { count: article.readingMinutes }),
        );
        await expect(card.getByRole("list", { name: t("insights.tags") })).toHaveText(
          article.tags.join(""),
        );
      }
      // A title that wraps fills its first line (balanced, it stopped at about 60 %).
      for (const path of [localizedPath("home", lang), localizedPath("insights", lang)]) {
        await page.goto(path);
        const fill = await page.locator("main li.card-link :is(h2, h3)").evaluateAll((nodes) =>
          nodes.map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
            const first = rects.filter((rect) => Math.abs(rect.top - rects[0]!.top) < 4);
            const width = Math.max(...first.map((rect) => rect.right)) - rects[0]!.left;
            return {
              wraps: rects.some((rect) => rect.top > rects[0]!.top + 4),
              fill: width / node.clientWidth,
            };
          }),
        );
        expect(fill.length, path).toBeGreaterThan(1);
        for (const title of fill.filter((found) => found.wraps))
          expect(title.fill, path).toBeGreaterThan(0.75);
      }
    }
  });

  test("an article's tables: each date on one line at 1440 and 390 px, and no article wider than a phone", async ({
    page,
  }) => {
    const withTables = (await loadInsights()).filter(
      (article) => languages.includes(article.lang) && article.html.includes("<table"),
    );
    expect(withTables.length).toBeGreaterThanOrEqual(languages.length);
    // "2 de febrero de 2025", "2 February 2025", "1 d’agost de 2024".
    const date = /^\d{1,2}\.? (?:de |d[’']|)\p{L}+ (?:de )?\d{4}$/u;
    let dates = 0;
    for (const width of [1440, 390, 320]) {
      await page.setViewportSize({ width, height: 900 });
      for (const article of withTables) {
        await page.goto(article.path);
        const where = `${article.path} at ${width} px`;
        // A table whose prose columns cannot wrap pushes the page sideways on a phone.
        expect(await sidewaysOverflow(page), where).toBe(0);
        expect(await textsCutAtEdges(page), where).toEqual([]);
        if (width === 320) continue;
        const cells = page.locator(".article-text :is(td, th)");
        const texts = (await cells.allTextContents()).map((text) => text.trim());
        const lines = await lineCounts(cells);
        const dated = texts.flatMap((text, i) => (date.test(text) ? [lines[i]] : []));
        dates += dated.length;
        expect(dated, where).toEqual(dated.map(() => 1));
      }
    }
    expect(dates).toBeGreaterThan(4);
  });

  test("services: the index's names keep to one line at 1440 px, and the index marks the service on screen", async ({
    page,
  }) => {
    for (const lang of languages) {
      const t = translator(lang);
      await page.goto(localizedPath("services", lang));
      const index = page.getByRole("navigation", { name: t("services.index.title") });
      const links = index.getByRole("link");
      await expect(links).toHaveCount(services.length);
      const lines = await lineCounts(links);
      expect(lines, lang).toEqual(lines.map(() => 1));
    }
    // Scrolled to each service in turn, its name in the index is the one marked, in the
    // brand's text colour with its bar beside it; the others stay muted. CSS alone: the page
    // runs no script of its own.
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/en/services");
      const current = await token(page, "--brand-text");
      const muted = await token(page, "--text-muted");
      // In the index's order: grouped by brand.
      const ids = await page
        .locator("[data-services-index] a")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")!.slice(1)));
      expect([...ids].sort()).toEqual(services.map(({ id }) => id).sort());
      for (const id of ids) {
        await page.locator(`[id="${id}"]`).evaluate((node) => node.scrollIntoView());
        await expect
          .poll(() =>
            page
              .locator("[data-services-index] a")
              .evaluateAll((nodes) =>
                nodes.map((node) => [
                  node.getAttribute("href"),
                  getComputedStyle(node).color,
                  getComputedStyle(node).borderLeftColor,
                ]),
              ),
          )
          .toEqual(
            ids.map((other) =>
              other === id
                ? [`#${other}`, current, current]
                : [`#${other}`, muted, "rgba(0, 0, 0, 0)"],
            ),
          );
      }
    }
  });

  test("booking without a calendar: a page to write from, its two ways side by side across the column", async ({
    page,
  }) => {
    for (const lang of languages) {
      await page.goto(bookingPath(lang));
      await expectBookingUnavailable(page, lang);
      const column = await page.getByRole("heading", { level: 1 }).evaluate((h1) => {
        const box = h1.parentElement!.getBoundingClientRect();
        const style = getComputedStyle(h1.parentElement!);
        return {
          left: box.left + parseFloat(style.paddingLeft),
          right: box.right - parseFloat(style.paddingRight),
        };
      });
      const ways = await page
        .locator("main section")
        .evaluateAll((nodes) =>
          nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
        );
      expect(ways).toHaveLength(2);
      // Side by side: one row, from the column's left edge to its right.
      expect(Math.abs(ways[0]!.top - ways[1]!.top), lang).toBeLessThanOrEqual(1);
      expect(Math.abs(ways[0]!.left - column.left), lang).toBeLessThanOrEqual(1);
      expect(Math.abs(ways[1]!.right - column.right), lang).toBeLessThanOrEqual(1);
    }
  });

  test("an article's call to action names its services without a doubled conjunction", async ({
    page,
  }) => {
    const articles = (await loadInsights()).filter(
      (article) => languages.includes(article.lang) && article.services.length > 1,
    );
    // One at least whose services' names hold the conjunction themselves ("… y bots").
    const conjunction = (lang: string) =>
      new Intl.ListFormat(lang, { type: "conjunction" })
        .formatToParts(["a", "b"])
        .find((part) => part.type === "literal")!.value;
    const names = (lang: Language, ids: readonly string[]) =>
      ids.map((id) => translator(lang)(`services.items.${id}.title` as never) as string);
    expect(
      articles.filter((article) =>
        names(article.lang, article.services).some((name) =>
          name.includes(conjunction(article.lang)),
        ),
      ).length,
    ).toBeGreaterThanOrEqual(languages.length);
    for (const article of articles) {
      await page.goto(article.path);
      const text = await page
        .getByRole("region", { name: translator(article.lang)("insights.cta.title") })
        .locator("p")
        .first()
        .innerText();
      for (const name of names(article.lang, article.services))
        expect(text).toContain(inSentence(name, article.lang));
      const services = text.slice(text.indexOf(":"), text.indexOf(". "));
      expect(services.split(conjunction(article.lang)).length - 1, text).toBeLessThanOrEqual(1);
    }
  });
});
