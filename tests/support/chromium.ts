/**
 * Debian's Chromium, in its two builds, and the flags they need here: running as root, no GPU,
 * no network chatter.
 *
 * - `headlessShellPath` (package chromium-headless-shell) runs the browser tests, as
 *   Playwright's own headless runs do: the same engine without the desktop browser around it,
 *   which opens a page for a test in about a third of the CPU time. That is most of the suite's
 *   time on two cores. Lighthouse runs on it too (bench/lighthouse.ts says why).
 * - `chromiumPath` (package chromium), the browser a visitor runs, for what only it has: the
 *   back/forward cache and prerendering (their tests and the click bench launch it
 *   themselves), and the screenshots.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const headlessShellPath =
  process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
