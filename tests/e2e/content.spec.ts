import { siteConfig } from "#app/config/site.ts";
import { services } from "#app/content/service-list.ts";
import { callToActionPath } from "#app/routing/paths.ts";
import { expect, test, translator } from "#tests/e2e/support.ts";

// No raw keys, one h1, the heading outline and no Spanish left on a translated page are
// checked per URL in page-sweep.spec.ts.

test("home: hero with both calls to action and the featured services", async ({ page }) => {
  const t = translator("en");
  await page.goto("/en");
  await expect(page.getByText(t("home.hero.location"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("home.hero.ctaAbout") })).toHaveAttribute(
    "href",
    "/en/about",
  );
  await expect(page.getByRole("link", { name: t("home.hero.ctaContact") })).toHaveAttribute(
    "href",
    "/en/contact",
  );
  const cards = page.getByRole("region", { name: t("home.services.title") }).getByRole("listitem");
  const featured = services.filter((service) => service.featured);
  await expect(cards).toHaveCount(featured.length);
  for (const [i, service] of featured.entries()) {
    await expect(cards.nth(i)).toContainText(service.icon);
    await expect(cards.nth(i).getByRole("heading")).toHaveText(
      t(`services.items.${service.id}.title`),
    );
    // The whole card is one link to that service on the services page.
    await expect(cards.nth(i).getByRole("link")).toHaveAttribute(
      "href",
      `/en/services#${service.id}`,
    );
  }
  await expect(page.getByRole("link", { name: t("home.services.viewAll") })).toHaveAttribute(
    "href",
    "/en/services",
  );
});

test("services: seven rows grouped by the brand that delivers them, each with its emoji hidden from screen readers", async ({
  page,
}) => {
  const t = translator("ca");
  await page.goto("/ca/services");
  const main = page.getByRole("main");
  for (const brand of ["consultancy", "lab"] as const) {
    const group = main.getByRole("region", { name: t(`services.groups.${brand}.title`) });
    const own = services.filter((service) => service.brand === brand);
    const rows = group.getByRole("list").first().locator(":scope > li");
    await expect(rows).toHaveCount(own.length);
    for (const [i, service] of own.entries()) {
      const row = rows.nth(i);
      await expect(row).toHaveAttribute("id", service.id);
      await expect(row.getByRole("heading", { level: 3 })).toHaveText(
        t(`services.items.${service.id}.title`),
      );
      await expect(row).toContainText(t(`services.items.${service.id}.description`));
      const emoji = row.getByText(service.icon, { exact: true });
      await expect(emoji).toHaveAttribute("aria-hidden", "true");
      // What the client gets and how it starts; the brand is named by the group, not the row.
      await expect(row).toContainText(t(`services.items.${service.id}.deliverables.d1`));
      await expect(row).toContainText(t(`services.items.${service.id}.firstStep`));
      await expect(row).not.toContainText(t("services.row.deliveredBy"));
    }
    await expect(
      group.getByRole("link", { name: siteConfig.brands[brand], exact: true }),
    ).toHaveAttribute("href", `/ca/brands#${brand}`);
  }
  // Like every call to action, it leads where callToActionPath says (booking, or the form).
  await expect(page.getByRole("link", { name: t("services.other.button") })).toHaveAttribute(
    "href",
    callToActionPath("ca"),
  );
  // The contact form is the band's last way (its only one when the build offers no booking).
  await expect(page.locator("[data-cta-band] a").last()).toHaveAttribute("href", "/ca/contact");
});

test("services: the index at the top links to each of the seven services on the page", async ({
  page,
}) => {
  const t = translator("en");
  await page.goto("/en/services");
  const index = page.getByRole("navigation", { name: t("services.index.title") });
  const links = index.getByRole("link");
  await expect(links).toHaveCount(services.length);
  for (const link of await links.all()) {
    const target = (await link.getAttribute("href"))!;
    expect(target).toMatch(/^#[a-z]+$/);
    await expect(page.locator(target)).toHaveCount(1);
    await expect(page.locator(target).getByRole("heading", { level: 3 })).toHaveText(
      (await link.textContent())!,
    );
  }
});

test("about: three paragraphs, mission, vision, five values and the location", async ({ page }) => {
  const t = translator("es");
  await page.goto("/about");
  for (const key of [
    "about.story.p1",
    "about.story.p2",
    "about.story.p3",
    "about.mission.text",
    "about.vision.text",
    "about.facts.areasValue",
  ] as const) {
    await expect(page.getByText(t(key))).toBeVisible();
  }
  const values = page.getByRole("region", { name: t("about.values.title") }).getByRole("listitem");
  await expect(values).toHaveCount(5);
  for (const value of [
    "innovation",
    "transparency",
    "excellence",
    "versatility",
    "proximity",
  ] as const) {
    await expect(
      values.getByRole("heading", { name: t(`about.values.${value}.title`) }),
    ).toBeVisible();
  }
  // The location is given once, in the key facts; where the company works says how.
  const facts = page.getByRole("region", { name: t("about.facts.title") });
  await expect(facts).toContainText(siteConfig.address.locality);
  expect((await facts.innerText()).split(siteConfig.address.locality)).toHaveLength(2);
});

test("brands: two blocks named from the site config", async ({ page }) => {
  const t = translator("en");
  await page.goto("/en/brands");
  const lab = page.getByRole("region", { name: siteConfig.brands.lab });
  const consultancy = page.getByRole("region", { name: siteConfig.brands.consultancy });
  await expect(lab.getByText(t("brands.lab.description"))).toBeVisible();
  await expect(lab.getByRole("list").first().getByRole("listitem")).toHaveCount(4);
  // Each brand ends with the services it delivers, linked to their place on the services page.
  for (const [brand, region] of [
    ["lab", lab],
    ["consultancy", consultancy],
  ] as const) {
    for (const service of services.filter((s) => s.brand === brand)) {
      await expect(
        region.getByRole("link", { name: t(`services.items.${service.id}.title`) }),
      ).toHaveAttribute("href", `/en/services#${service.id}`);
    }
  }
  for (const key of ["p1", "p2", "p3"] as const) {
    await expect(consultancy.getByText(t(`brands.consultancy.${key}`))).toBeVisible();
  }
});

test("contact details: mailto link, location and the profile opening safely in a new tab", async ({
  page,
}) => {
  const t = translator("en");
  await page.goto("/en/contact");
  const details = page.getByRole("region", { name: t("contact.details.title") });
  await expect(details.getByRole("link", { name: siteConfig.email })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.email}`,
  );
  await expect(details.getByText(t("contact.details.locationValue"))).toBeVisible();
  const profile = details.getByRole("link", {
    name: `${t("contact.details.profileLink")} ${t("contact.details.newTab")}`,
  });
  await expect(profile).toHaveAttribute("href", siteConfig.linkedinUrl);
  await expect(profile).toHaveAttribute("target", "_blank");
  await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
});

for (const path of ["/legal", "/en/legal", "/ca/legal"]) {
  test(`${path}: Spanish legal text marked lang="es", with its last-updated date`, async ({
    page,
  }) => {
    await page.goto(path);
    const body = page.locator('main [lang="es"]');
    await expect(body).toBeVisible();
    await expect(body.getByRole("heading", { level: 2 }).first()).toBeVisible();
    const lang = path.split("/")[1]?.length === 2 ? (path.split("/")[1] as "en" | "ca") : "es";
    const t = translator(lang);
    await expect(
      page.getByText(t("legal.lastUpdated", { date: "" }).trim().replace(/:$/, ""), {
        exact: false,
      }),
    ).toBeVisible();
    // The note that the text is Spanish only; the canonical to the Spanish copy is checked
    // per URL in page-sweep.spec.ts.
    const note = page.getByText(t("legal.spanishNote"));
    if (lang === "es") await expect(note).toHaveCount(0);
    else {
      await expect(note).toBeVisible();
      await expect(page.getByRole("link", { name: t("legal.readSpanish") })).toHaveCount(0);
    }
  });
}

for (const path of ["/ca/privacy", "/en/privacy", "/en/cookies"]) {
  test(`${path}: the translation, marked with its language, links to the binding Spanish text`, async ({
    page,
  }) => {
    const lang = path.split("/")[1] as "en" | "ca";
    const t = translator(lang);
    await page.goto(path);
    await expect(
      page.locator(`main [lang="${lang}"]`).getByRole("heading", { level: 2 }).first(),
    ).toBeVisible();
    await expect(page.getByText(t("legal.translationNote"))).toBeVisible();
    await expect(page.getByText(t("legal.spanishNote"))).toHaveCount(0);
    // A visitor who chose this language before still reaches the Spanish original.
    await page.context().addCookies([{ name: "lang", value: lang, url: page.url() }]);
    await page.getByRole("link", { name: t("legal.readSpanish") }).click();
    await expect(page).toHaveURL(`/${path.split("/")[2]}`);
    await expect(page.locator('main [lang="es"]')).toBeVisible();
  });
}

test("the legal notice shows the company's registry data from the site config", async ({
  page,
}) => {
  await page.goto("/legal");
  for (const fact of [
    siteConfig.legalName,
    siteConfig.taxId,
    siteConfig.registry,
    siteConfig.email,
  ]) {
    await expect(page.getByRole("main")).toContainText(fact);
  }
});
