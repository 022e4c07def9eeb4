import type { Page } from "@playwright/test";
import { localizedPath } from "#app/routing/paths.ts";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import {
  expect,
  fillContactForm,
  reachForContactForm,
  test,
  translator,
} from "#tests/e2e/support.ts";

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

/**
 * Follows the header's link to the services page; says whether it came with a transition.
 * Chromium itself gives a transition up now and then when the machine is busy (the new page
 * was ready before the old one was captured); a transition expected but given up is tried
 * again from the page it left, up to five times: a page that never gets one still fails.
 */
async function followServicesLink(page: Page, viewTransition: boolean) {
  const from = page.url();
  for (let attempt = 1; ; attempt++) {
    await page
      .getByRole("navigation", { name: t("nav.label") })
      .getByRole("link", { name: t("nav.services") })
      .click();
    await expect(page).toHaveURL(localizedPath("services", "en"));
    // pagereveal comes with the new page's first frame, a moment after its URL; a page whose
    // transition Chromium gave up early may not see it at all.
    const shown = await expect
      .poll(async () => (await observed(page)).viewTransition, { timeout: 5_000 })
      .toBeDefined()
      .then(
        async () => (await observed(page)).viewTransition,
        () => undefined,
      );
    if (shown === viewTransition || attempt === 5) {
      expect(shown).toBe(viewTransition);
      return;
    }
    await page.goto(from);
  }
}

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  const transition = reducedMotion === "no-preference";
  test(`following a link ${transition ? "cross-fades the main content with a view transition" : "with reduced motion changes the page without a transition"}`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await observeNavigation(page);
    await page.goto(localizedPath("home", "en"));
    await followServicesLink(page, transition);
  });
}

// The support fixture fails a test on any uncaught error: these follow the navigations where
// Chromium gives a view transition up and rejects its promises.
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    // Chromium shows a feed as a tree styled inline, which the feed's policy refuses.
    test.use({ javaScriptEnabled, allowedConsoleErrors: [/^Applying inline style violates/] });

    test("following the feed link, a document that cannot take part in a transition, throws no uncaught error", async ({
      page,
    }) => {
      await page.goto(localizedPath("insights", "en"));
      await page
        .getByRole("link", { name: t("insights.subscribe") })
        .first()
        .click();
      await expect(page).toHaveURL(/\/en\/insights\/feed\.xml$/);
      // The feed is an XML document: its text is there once it is shown.
      await expect(page.locator("feed > title")).toHaveCount(1);
    });
  });
}

test("a transition the browser gives up on the new page is handled by the page, not left uncaught", async ({
  page,
}) => {
  // Every new document gives up the transition that brings it in, as Chromium does when the
  // page was shown before the old one was captured: its promises reject at once.
  await page.addInitScript(() => {
    addEventListener("pagereveal", (event) =>
      (
        event as Event & { viewTransition?: { skipTransition(): void } }
      ).viewTransition?.skipTransition(),
    );
  });
  await observeNavigation(page);
  await page.goto(localizedPath("home", "en"));
  await followServicesLink(page, true);
});

// Chromium can also give the transition up inside the new document before its pagereveal
// (seen when the old page was hydrating its form as the visitor clicked on): the rejection
// has no listener to reach. The page marks that one, and only that one, as handled.
test("a transition given up before the new page could see it is not an uncaught error; other rejections still are", async ({
  browser,
  baseURL,
}) => {
  // A page of its own: the shared one fails a test on any uncaught error, and one is expected.
  const page = await browser.newPage({ baseURL });
  const uncaught: string[] = [];
  page.on("pageerror", (error) => uncaught.push(error.message));
  await page.goto(localizedPath("about", "en"));
  await page.evaluate(() => {
    void Promise.reject(
      new DOMException(
        "Transition was aborted because of invalid state. Page already revealed",
        "InvalidStateError",
      ),
    );
    void Promise.reject(new Error("a fault of the page's own"));
  });
  await expect.poll(() => uncaught).toContain("a fault of the page's own");
  expect(uncaught).toEqual(["a fault of the page's own"]);
  await page.close();
});

// A form the document posts itself is answered by a page rendered per request, which a busy
// Chromium could show before the old page was captured, giving the transition up where no
// script can handle it (an uncaught "Page already revealed"). Posts change the page without
// a transition; the links after them keep theirs. What is checked is the page's own choice
// (which transitions its script skips), counted across documents: whether Chromium then
// runs a transition it was given depends on how busy the machine is (the test above).
test.describe("a form posted by the document", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("changes the page without a transition; links after it keep theirs", async ({ page }) => {
    await observeNavigation(page);
    await page.addInitScript(() => {
      const skip = ViewTransition.prototype.skipTransition;
      ViewTransition.prototype.skipTransition = function () {
        sessionStorage.setItem(
          "skipped",
          `${sessionStorage.getItem("skipped") ?? ""}${location.pathname} `,
        );
        skip.call(this);
      };
    });
    const skipped = () => page.evaluate(() => sessionStorage.getItem("skipped"));
    await page.goto(localizedPath("contact", "en"));
    // The form's script is there (the page hydrates it), but the document posts the form.
    await page.locator("form").evaluate((form: HTMLFormElement) => {
      (form.elements.namedItem("name") as HTMLInputElement).value = " ";
      form.submit();
    });
    await expect(page.getByRole("alert").getByRole("heading")).toHaveText(
      t("contact.form.errorSummary"),
    );
    await expect.poll(() => observed(page)).toMatchObject({ viewTransition: false });
    expect(await skipped()).toBe(`${localizedPath("contact", "en")} `);
    // The error summary's link stays in the page; a header link afterwards is not skipped.
    await page.getByRole("alert").getByRole("link").first().click();
    await page
      .getByRole("navigation", { name: t("nav.label") })
      .getByRole("link", { name: t("nav.services") })
      .click();
    await expect(page).toHaveURL(localizedPath("services", "en"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await skipped()).toBe(`${localizedPath("contact", "en")} `);
  });
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
  await expect(page.getByRole("status")).toContainText(t("contact.form.success"));
});

/**
 * The page links Chromium would prerender under the site's speculation rules, as its
 * DevTools report them. (Chromium does not prerender for Playwright, whose DevTools sessions
 * do not attach through tab targets — the attempt ends as "PrerenderingDisabledByDevTools" —
 * so the prerender itself is tested with Puppeteer, in prerender.spec.ts.)
 */
async function speculationCandidates(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  let candidates: string[] = [];
  cdp.on("Preload.preloadingAttemptSourcesUpdated", (event) => {
    candidates = event.preloadingAttemptSources
      .filter((source) => source.key.action === "Prerender")
      .map((source) => new URL(source.key.url).pathname);
  });
  await cdp.send("Preload.enable");
  await page.goto(path);
  // The page script adds the rules once the page has been painted.
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  await expect.poll(() => candidates.length).toBeGreaterThan(0);
  return () => [...new Set(candidates)].sort();
}

test("the speculation rules offer the page links for prerendering, never language links", async ({
  page,
  request,
}) => {
  const rules = await request.get("/speculation-rules.json");
  expect(rules.headers()["content-type"]).toBe("application/speculationrules+json");
  const candidates = await speculationCandidates(page, localizedPath("home", "en"));
  // Every header link but the home page itself (the logo links to it too).
  const pageLinks = (["about", "brands", "services", "contact", "insights"] as const).map((id) =>
    localizedPath(id, "en"),
  );
  await expect.poll(candidates).toEqual(expect.arrayContaining(pageLinks));
  // A language choice sets its cookie on the click, which a page prerendered before it would
  // not have seen: the switcher's links are left out.
  for (const language of ["/", "/ca"]) expect(candidates()).not.toContain(language);
});

test("before its first paint a page asks for nothing but its headings font; the visit count and the rules come after", async ({
  page,
}) => {
  for (const path of ["/", localizedPath("services", "en"), localizedPath("contact", "en")]) {
    const beacon = page.waitForRequest("**/api/view");
    await page.goto(path);
    await beacon;
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
    const requests = await page.evaluate(() => {
      const [paint] = performance.getEntriesByName("first-contentful-paint");
      return performance.getEntriesByType("resource").map((entry) => ({
        path: new URL(entry.name).pathname,
        beforePaint: entry.startTime < (paint?.startTime ?? 0),
      }));
    });
    // The browser's own request for the tab's icon is not the page's.
    const before = requests
      .filter((r) => r.beforePaint && !r.path.startsWith("/favicon."))
      .map((r) => r.path);
    expect(before, path).toEqual([
      expect.stringMatching(/^\/assets\/headings-latin-[\w-]+\.woff2$/),
    ]);
    const after = requests.filter((r) => !r.beforePaint).map((r) => r.path);
    expect(after, path).toEqual(expect.arrayContaining(["/api/view", "/speculation-rules.json"]));
  }
});
