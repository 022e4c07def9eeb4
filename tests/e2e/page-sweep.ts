import type { Page } from "@playwright/test";
import { siteConfig, type Language } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { pages, type PageId } from "#app/pages.ts";
import {
  bookingOffered,
  callToActionPath,
  allPagePaths,
  defaultLanguage,
  localizedPath,
  parseLocalizedPath,
} from "#app/routing/paths.ts";
import { keysOf } from "#app/i18n/catalogue-keys.ts";
import { alternateLinks, canonicalUrl } from "#tests/support/head-links.ts";
import {
  expect,
  expectNoAxeViolations,
  sidewaysOverflow,
  test,
  textsCutAtEdges,
  translator,
} from "#tests/e2e/support.ts";

const allKeys = keysOf(catalogue("es"));

/** Spanish texts long enough to be unmistakable, that the other language words differently. */
function spanishOnlyTexts(lang: Language): string[] {
  const es = translator("es");
  const other = translator(lang);
  return allKeys
    .map((key) => ({
      spanish: es(key as never) as string,
      translated: other(key as never) as string,
    }))
    .filter(({ spanish, translated }) => spanish.length > 25 && spanish !== translated)
    .map(({ spanish }) => spanish);
}

/**
 * The pages that end with the call-to-action band before the footer, and the key of its
 * title (the services page words it for a need none of its services names).
 */
const ctaTitles: Partial<Record<PageId, "cta.title" | "services.other.title">> = {
  home: "cta.title",
  about: "cta.title",
  brands: "cta.title",
  insights: "cta.title",
  services: "services.other.title",
};

/** The <head> links and metas a search engine reads, as the browser parsed them. */
function headFacts(page: Page) {
  return page.evaluate(() => {
    const content = (selector: string) =>
      [...document.querySelectorAll<HTMLMetaElement>(selector)].map((meta) => meta.content);
    return {
      description: content('meta[name="description"]'),
      robots: content('meta[name="robots"]'),
      canonical: [...document.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map(
        (link) => link.getAttribute("href"),
      ),
      alternates: [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]'),
      ].map((link) => [link.hreflang, link.getAttribute("href")]),
    };
  });
}

/**
 * The language choice in the bar, without opening the menu: every published language, each a
 * target of at least 24 × 24 px (44 px high), inside the viewport and clear of the call to
 * action beside it.
 */
async function expectLanguagesInBar(page: Page, lang: Language, languages: readonly Language[]) {
  const t = translator(lang);
  const switcher = page.getByRole("banner").getByRole("list", { name: t("nav.languages") });
  const links = switcher.getByRole("link");
  await expect(links).toHaveCount(languages.length);
  for (const code of languages) await expect(switcher.getByText(code.toUpperCase())).toBeVisible();
  await expect(
    switcher.getByRole("link", {
      name: `${languageName(lang)}, ${lang.toUpperCase()}`,
      exact: true,
    }),
  ).toHaveAttribute("aria-current", "true");
  const width = page.viewportSize()!.width;
  const boxes = await links.evaluateAll((nodes) =>
    nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
  );
  const cta = (await page.locator("[data-header-cta]").boundingBox())!;
  for (const box of boxes) {
    expect(box.width, `${width} px`).toBeGreaterThanOrEqual(24);
    expect(box.height, `${width} px`).toBeGreaterThanOrEqual(44);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(cta.x);
  }
}

/**
 * One test per page × language URL of the build under test (of the `visited` languages'
 * pages; every published language by default). Each loads its page once and
 * checks everything that holds for every page: the answer, the head (title, description,
 * canonical, hreflang) and the visible texts against the catalogues, no console error, no
 * Content-Security-Policy violation, no failed request, no sideways scroll and no text cut off
 * at 320, 390 and 1440 px, and no axe violation at 390 px in the light scheme and at 1440 px in the dark one.
 * The schemes differ in colours only, and a page's own content in colour by width nowhere:
 * what only one width shows (the header's bar or menu button, the home page's hero cards) is
 * audited in the other scheme too, once, in a11y.spec.ts. The viewport and the scheme change
 * on the loaded page (the browser lays it out and evaluates its CSS again), which is what a
 * fresh load in that viewport or scheme would show: pages have no script that reads either.
 */
export function sweepPages(
  languages: readonly Language[],
  { visited = languages }: { visited?: readonly Language[] } = {},
) {
  test.describe("every page", () => {
    test.use({ viewport: { width: 390, height: 844 }, colorScheme: "light" });

    for (const path of allPagePaths(visited)) {
      const { lang, page: pageId } = parseLocalizedPath(path, languages) as {
        lang: Language;
        page: PageId;
      };

      test(`${path}: texts, head links, policy, layout and axe at 320, 390 and 1440 px`, async ({
        page,
      }) => {
        const t = translator(lang);
        const failedRequests: string[] = [];
        page.on("response", (response) => {
          if (response.status() >= 400)
            failedRequests.push(`${response.status()} ${response.url()}`);
        });
        await page.addInitScript(() => {
          const list: string[] = [];
          (window as unknown as { cspViolations: string[] }).cspViolations = list;
          document.addEventListener("securitypolicyviolation", (event) =>
            list.push(`${event.violatedDirective} ${event.blockedURI}`),
          );
        });

        // The headings font arrives only after the first paint, as on a slow connection.
        let painted = () => {};
        const firstPaint = new Promise<void>((resolve) => (painted = resolve));
        await page.route("**/assets/headings-*.woff2", async (route) => {
          await firstPaint;
          await route.continue();
        });
        await page.exposeFunction("reportFirstPaint", () => painted());
        await page.addInitScript(() =>
          new PerformanceObserver(() =>
            (window as unknown as { reportFirstPaint: () => void }).reportFirstPaint(),
          ).observe({ type: "paint" }),
        );
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);

        await test.step("load: nothing moves when the headings font arrives late", async () => {
          const shifts = await page.evaluate(async () => {
            await document.fonts.ready;
            return new Promise<number>((resolve) => {
              let total = 0;
              const observer = new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & {
                  value: number;
                  hadRecentInput: boolean;
                })[])
                  if (!entry.hadRecentInput) total += entry.value;
              });
              observer.observe({ type: "layout-shift", buffered: true });
              // Buffered entries arrive before the next frames are drawn.
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  observer.disconnect();
                  resolve(total);
                }),
              );
            });
          });
          expect(shifts).toBe(0);
        });

        await test.step("head: language, title, description, canonical and hreflang", async () => {
          const { meta } = pages[pageId];
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expect(page).toHaveTitle(`${t(`${meta}.title`)} | ${siteConfig.name}`);
          const head = await headFacts(page);
          expect(head.description).toEqual([t(`${meta}.description`)]);
          // One signal per page: a canonical, never `noindex` beside it.
          expect(head.robots).toEqual([]);
          expect(head.canonical).toEqual([canonicalUrl(path, languages)]);
          expect(head.alternates.sort()).toEqual(alternateLinks(path, languages).sort());
        });

        await test.step("body: heading, language switcher, footer and texts", async () => {
          const h1 = page.getByRole("heading", { level: 1 });
          await expect(h1).toHaveCount(1);
          await expect(h1).toHaveText(t(pages[pageId].heading));
          // At 390 px the links are in the menu, the language choice stays in the bar.
          await expect(page.getByRole("navigation", { name: t("nav.label") })).toBeHidden();
          await expectLanguagesInBar(page, lang, languages);
          // The year comes from the page's inline script, so this also shows the script ran.
          await expect(page.getByRole("contentinfo")).toContainText(
            `© ${new Date().getFullYear()} ${siteConfig.name}`,
          );

          const text = await page.locator("body").innerText();
          expect(
            allKeys.filter((key) => text.includes(key)),
            "catalogue keys shown raw",
          ).toEqual([]);
          const levels = await page
            .locator("main h1, main h2, main h3, main h4")
            .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
          levels.forEach((level, i) => {
            if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
          });
          if (lang !== defaultLanguage) {
            // Outside the Spanish legal body (marked lang="es"), nothing is left in Spanish.
            const visible = await page.evaluate(() => {
              const clone = document.body.cloneNode(true) as HTMLElement;
              clone.querySelectorAll('[lang="es"], script').forEach((node) => node.remove());
              return clone.innerText;
            });
            expect(
              spanishOnlyTexts(lang).filter((spanish) => visible.includes(spanish)),
              "Spanish texts on a translated page",
            ).toEqual([]);
          }
        });

        await test.step("call to action band: last in main, or absent", async () => {
          const title = ctaTitles[pageId];
          if (!title) {
            await expect(page.locator("[data-cta-band]")).toHaveCount(0);
            return;
          }
          const band = page.getByRole("region", { name: t(title) });
          await expect(band).toBeVisible();
          // Book a call, or write; only write when the build offers no booking.
          const links = band.getByRole("link");
          await expect(links).toHaveCount(bookingOffered ? 2 : 1);
          await expect(links.first()).toHaveAttribute("href", callToActionPath(lang));
          await expect(links.last()).toHaveAttribute("href", localizedPath("contact", lang));
          // Nothing sits between the band and the footer.
          await expect(page.locator("main > *").last()).toHaveAttribute(
            "aria-labelledby",
            "cta-title",
          );
        });

        await test.step("390 px, light: no sideways scroll, no text cut off, axe", async () => {
          expect(await sidewaysOverflow(page)).toBe(0);
          expect(await textsCutAtEdges(page), "texts cut off at 390 px").toEqual([]);
          await expectNoAxeViolations(page);
        });

        await test.step("320 px: no sideways scroll, no text cut off, the languages still in the bar", async () => {
          await page.setViewportSize({ width: 320, height: 640 });
          expect(await sidewaysOverflow(page)).toBe(0);
          expect(await textsCutAtEdges(page), "texts cut off at 320 px").toEqual([]);
          await expectLanguagesInBar(page, lang, languages);
        });

        await test.step("1440 px, dark: navigation in the bar, no sideways scroll, axe", async () => {
          await page.setViewportSize({ width: 1440, height: 900 });
          await page.emulateMedia({ colorScheme: "dark" });
          await expect(page.getByRole("navigation", { name: t("nav.label") })).toBeVisible();
          await expectLanguagesInBar(page, lang, languages);
          expect(await sidewaysOverflow(page)).toBe(0);
          expect(await textsCutAtEdges(page), "texts cut off at 1440 px").toEqual([]);
          await expectNoAxeViolations(page);
        });

        const violations = await page.evaluate(
          () => (window as unknown as { cspViolations: string[] }).cspViolations,
        );
        expect(violations, "Content-Security-Policy violations").toEqual([]);
        expect(failedRequests, "requests answered with an error").toEqual([]);
      });
    }
  });
}
