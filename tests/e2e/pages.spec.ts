import { siteConfig } from "~/config/site";
import { pages } from "~/pages";
import { expect, pageUrls, reachForContactForm, test, translator, visit } from "./support";

for (const { path, lang, page } of pageUrls) {
  test(`${path} shows its ${lang} title, description and heading`, async ({ page: browser }) => {
    const t = translator(lang);
    const response = await visit(browser, path);
    expect(response?.status()).toBe(200);
    await expect(browser.locator("html")).toHaveAttribute("lang", lang);
    const { meta, heading } = pages[page];
    await expect(browser).toHaveTitle(`${t(`${meta}.title`)} | ${siteConfig.name}`);
    await expect(browser.getByRole("heading", { level: 1 })).toHaveText(t(heading));
    await expect(browser.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      t(`${meta}.description`),
    );
    await expect(browser.getByRole("navigation", { name: t("nav.label") })).toBeAttached();
    await expect(browser.getByRole("contentinfo")).toContainText(
      `© ${new Date().getFullYear()} ${siteConfig.name}`,
    );
  });
}

test("the prerendered HTML already holds the page, before any script runs", async ({ request }) => {
  const t = translator("ca");
  const html = await (await request.get("/ca/services")).text();
  expect(html).toContain('<html lang="ca"');
  expect(html).toContain(`<title>${t("services.meta.title")} | ${siteConfig.name}</title>`);
  expect(html).toContain(t("services.items.automation.title"));
});

test.describe("pages without interaction", () => {
  // The 404 page is among them; the browser reports its status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("load no JavaScript file", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const path of ["/", "/en/about", "/ca/services", "/legal", "/en/nope"]) {
      await visit(page, path);
    }
    expect(scripts).toEqual([]);
  });
});

test("the contact form's script loads on interaction, with only the page's language", async ({
  page,
}) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "document") bodies.push(await response.text());
  });
  await visit(page, "/en/contact");
  expect(bodies).toHaveLength(1); // the page only, no script yet
  await reachForContactForm(page, translator("en"), "email");
  await page.waitForLoadState("networkidle");
  expect(bodies.length).toBeGreaterThan(1);
  const all = bodies.join("\n");
  expect(all).toContain(translator("en")("contact.form.reasons.rateLimited"));
  for (const other of ["es", "ca", "de"] as const) {
    expect(all).not.toContain(translator(other)("contact.form.reasons.rateLimited"));
    expect(all).not.toContain(translator(other)("home.hero.subtitle"));
  }
});

test("one URL per page: trailing slashes and index.html redirect permanently", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/about/", "/about"],
    ["/en/", "/en"],
    ["/en/services/?ref=x", "/en/services?ref=x"],
    ["/ca/index.html", "/ca"],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(
      new URL(response.headers()["location"]!, "http://x").pathname +
        new URL(response.headers()["location"]!, "http://x").search,
    ).toBe(to);
  }
});

test("hashed assets are cached for a year, pages revalidate", async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
  const page = await request.get("/en/about");
  expect(page.headers()["cache-control"]).toBe("no-cache");
});
