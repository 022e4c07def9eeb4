import type { Page } from "@playwright/test";
import { loadInsights } from "#app/insights/content.server.ts";
import { localizedPath } from "#app/routing/paths.ts";
import { expect, test } from "#tests/e2e/support.ts";

/**
 * How many lines each occurrence of `word` takes in the page's headings (1 when it is kept
 * whole), measured on the laid-out text.
 */
function linesOf(page: Page, word: string) {
  return page.evaluate((word) => {
    const counts: number[] = [];
    for (const heading of document.querySelectorAll("h1, h2, h3")) {
      const text = heading.textContent ?? "";
      const at = text.indexOf(word);
      if (at < 0) continue;
      // The text nodes that hold the word, and the offsets of its first and last letters.
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let seen = 0;
      while (walker.nextNode()) {
        const node = walker.currentNode as Text;
        const length = node.data.length;
        if (seen <= at && at < seen + length) range.setStart(node, at - seen);
        const end = at + word.length;
        if (seen < end && end <= seen + length) range.setEnd(node, end - seen);
        seen += length;
      }
      counts.push(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
    }
    return counts;
  }, word);
}

test("hyphenated compounds in headings never break at the hyphen, at any width", async ({
  page,
}) => {
  const article = (await loadInsights()).find(
    (entry) => entry.lang === "en" && entry.title.includes("four-step"),
  )!;
  const cases = [
    [localizedPath("home", "en"), "mid-sized"],
    [localizedPath("services", "ca"), "Parlem-ne"],
    [article.path, "four-step"],
  ] as const;
  for (const [path, word] of cases) {
    await page.goto(path);
    for (let width = 320; width <= 1440; width += 15) {
      await page.setViewportSize({ width, height: 900 });
      const lines = await linesOf(page, word);
      expect(lines.length, `${path}: "${word}" in a heading`).toBeGreaterThan(0);
      expect(lines, `${path} at ${width} px`).toEqual(lines.map(() => 1));
    }
  }
});

test("headings wrap into balanced lines", async ({ page }) => {
  const article = (await loadInsights()).find((entry) => entry.lang === "es")!;
  for (const path of [localizedPath("home", "es"), article.path, localizedPath("services", "en")]) {
    await page.goto(path);
    const styles = await page
      .locator("main h1, main h2, main h3")
      .evaluateAll((headings) =>
        headings.map((heading) => getComputedStyle(heading).textWrapStyle),
      );
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.filter((style) => style !== "balance" && style !== "pretty")).toEqual([]);
  }
});

test("an article's facts wrap between facts, and no dot is left at a line's end or start", async ({
  page,
}) => {
  // The longest facts: Spanish dates and reading time, in capitals in the article's label.
  const articles = (await loadInsights()).filter((entry) => entry.lang === "es");
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const article of articles) {
      for (const path of [article.path, localizedPath("insights", "es")]) {
        await page.goto(path);
        const rows = await page.locator("main [data-fact]").evaluateAll((facts) =>
          facts.map((fact) => {
            // The dot leads the fact (its ::before): it starts where the fact starts.
            const dot = fact.getBoundingClientRect();
            const clip = fact.parentElement!.parentElement!.getBoundingClientRect();
            const previous = fact.previousElementSibling?.getBoundingClientRect();
            return {
              // A dot is shown when it lies inside the clipping box.
              shown: dot.left >= clip.left - 0.5,
              top: Math.round(fact.getBoundingClientRect().top),
              previousTop: previous ? Math.round(previous.top) : null,
            };
          }),
        );
        expect(rows.length).toBeGreaterThan(1);
        for (const row of rows) {
          // Shown exactly between two facts on one line: never hanging, never leading.
          if (row.previousTop === null || row.previousTop !== row.top)
            expect(row.shown, `${path} at ${width} px`).toBe(false);
          else expect(row.shown, `${path} at ${width} px`).toBe(true);
        }
      }
    }
  }
});
