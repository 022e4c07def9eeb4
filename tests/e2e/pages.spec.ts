import { siteConfig } from "#app/config/site.ts";
import { expect, reachForContactForm, test, translator } from "#tests/e2e/support.ts";

// What every page shows (status, language, title, description, heading, footer) is checked
// per URL in page-sweep.spec.ts.

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
      await page.goto(path);
      // Nothing that could load a script later: no script file, module or preload.
      await expect(
        page.locator('script[src], script[type="module"], link[rel="modulepreload"]'),
      ).toHaveCount(0);
    }
    expect(scripts).toEqual([]);
  });
});

test("the contact form's script loads on interaction, with only the page's language", async ({
  page,
}) => {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "document") bodies.push(response.text());
  });
  await page.goto("/en/contact");
  expect(bodies).toHaveLength(1); // the page only, no script yet
  await reachForContactForm(page, translator("en"), "email");
  // The form is enhanced: every script it needed has been answered.
  expect(bodies.length).toBeGreaterThan(1);
  const all = (await Promise.all(bodies)).join("\n");
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
