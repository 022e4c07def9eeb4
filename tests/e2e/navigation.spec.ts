import type { Page } from "@playwright/test";
import { localizedPath } from "~/routing/paths";
import { chromiumFlags, chromiumPath } from "../support/chromium";
import { expect, fillContactForm, reachForContactForm, test, translator } from "./support";

// Playwright starts Chromium with the back/forward cache off; these tests are about it.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

type Observed = { viewTransition?: boolean; restoredFromCache?: boolean };

/** Records, in each document, whether it was revealed with a view transition and how it was shown. */
async function observeNavigation(page: Page) {
  await page.addInitScript(() => {
    const observed = window as Window & Observed;
    addEventListener("pagereveal", (event) => {
      observed.viewTransition = Boolean(
        (event as Event & { viewTransition?: unknown }).viewTransition,
      );
    });
    addEventListener("pageshow", (event) => {
      observed.restoredFromCache = event.persisted;
    });
  });
}

const observed = (page: Page) =>
  page.evaluate(() => {
    const { viewTransition, restoredFromCache } = window as Window & Observed;
    return { viewTransition, restoredFromCache };
  });

const t = translator("en");

test("following a link cross-fades the main content with a view transition", async ({ page }) => {
  await observeNavigation(page);
  await page.goto(localizedPath("home", "en"));
  await page
    .getByRole("navigation", { name: t("nav.label") })
    .getByRole("link", { name: t("nav.services") })
    .click();
  await expect(page).toHaveURL(localizedPath("services", "en"));
  expect(await observed(page)).toMatchObject({ viewTransition: true });
});

test("with reduced motion the page changes without a transition", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await observeNavigation(page);
  await page.goto(localizedPath("home", "en"));
  await page
    .getByRole("navigation", { name: t("nav.label") })
    .getByRole("link", { name: t("nav.services") })
    .click();
  await expect(page).toHaveURL(localizedPath("services", "en"));
  expect(await observed(page)).toMatchObject({ viewTransition: false });
});

// One page of each kind: the home page, a content page, a legal text, the contact form (the
// only page with a script to hydrate) and the per-request "sent" page. (Chromium keeps only
// 2xx pages in the cache, so the 404 page is reloaded: nothing on our side can change that.)
const kinds = {
  home: "/",
  content: "/en/about",
  legal: "/ca/privacy",
  contact: "/en/contact",
  sent: "/en/contact/sent",
};

for (const [kind, path] of Object.entries(kinds)) {
  test(`back from another page restores the ${kind} page from the back/forward cache`, async ({
    page,
  }) => {
    await observeNavigation(page);
    await page.goto(path);
    await page.goto(localizedPath("services", "es"));
    // A page restored from the cache fires no load event: wait for its pageshow instead.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(path);
    await expect.poll(() => observed(page)).toMatchObject({ restoredFromCache: true });
  });
}

test("a contact form restored from the back/forward cache keeps what was typed and still sends", async ({
  page,
}) => {
  await observeNavigation(page);
  await page.goto(localizedPath("contact", "en"));
  await reachForContactForm(page, t);
  await fillContactForm(page, t, {
    name: "Marta Puig",
    email: "marta@example.com",
    message: "We would like to automate our weekly stock report.",
  });
  await page.goto(localizedPath("about", "en"));
  await page.goBack({ waitUntil: "commit" });
  await expect.poll(() => observed(page)).toMatchObject({ restoredFromCache: true });
  await expect(page.getByLabel(t("contact.form.name"), { exact: true })).toHaveValue("Marta Puig");
  await page.getByRole("button", { name: t("contact.form.submit") }).click();
  const toast = page.getByRole("region", { name: new RegExp(t("contact.form.toasts")) });
  await expect(toast.getByRole("listitem")).toHaveText(t("contact.form.success"));
});

/** Waits until Chromium reports the prerender of `url` ready (DevTools' Preload domain). */
async function prerenderReady(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page);
  const ready = new Promise<void>((resolve) => {
    cdp.on("Preload.prerenderStatusUpdated", (event) => {
      if (event.key.url === url && event.status === "Ready") resolve();
    });
  });
  await cdp.send("Preload.enable");
  return ready;
}

for (const target of ["services", "contact"] as const) {
  test(`hovering the ${target} link prerenders it, and the click shows the prerendered page`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(localizedPath("home", "en"));
    const path = localizedPath(target, "en");
    const ready = prerenderReady(page, `${baseURL}${path}`);
    await page
      .getByRole("navigation", { name: t("nav.label") })
      .getByRole("link", { name: t(`nav.${target}`) })
      .hover();
    await ready;
    await page
      .getByRole("navigation", { name: t("nav.label") })
      .getByRole("link", { name: t(`nav.${target}`) })
      .click();
    await expect(page).toHaveURL(path);
    const activationStart = await page.evaluate(
      () =>
        (
          performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
            activationStart: number;
          }
        ).activationStart,
    );
    expect(activationStart).toBeGreaterThan(0);
    // The page's own script ran on activation.
    await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
    if (target === "contact") {
      // The form's script loads when the visitor reaches for the form, after activation.
      await reachForContactForm(page, t);
    }
  });
}
