import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { localDay } from "#app/stats/calendar.ts";
import type { Report } from "#app/stats/report.ts";

// Headless Chromium says "HeadlessChrome", which isbot rightly takes for a program: the
// people in the visit-count tests present the user agent of the same browser with a screen.
export const desktopUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** `npm run stats -- --json` for today (Madrid), on a site's database (a file or a URL). */
export async function statsOf(database: string): Promise<Report> {
  const today = localDay(Date.now());
  const env = database.startsWith("postgres://")
    ? { DATABASE_URL: database }
    : { DATABASE_PATH: database };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/stats.ts", "--json", "--from", today, "--to", today],
    { env: { ...process.env, ...env } },
  );
  return JSON.parse(stdout) as Report;
}
