/** Debian's Chromium and the flags it needs here: running as root, no GPU, no network chatter. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
