import {
  builtAddressProblems,
  builtSecurityTxtProblems,
  launchProblems,
} from "~/config/launch-check.server";
import type { Logger } from "~/config/log.server";
import type { Settings } from "~/config/settings.server";
import { siteConfig } from "~/config/site";

/** The go-live check (npm run check:launch) at start: a warning, since the shipped example must run. */
export function warnIfNotReadyToLaunch(settings: Settings, clientDir: string, log: Logger) {
  const siteUrl = settings.build.SITE_URL;
  const problems = [
    ...launchProblems({ ...siteConfig, siteUrl }, settings.contact),
    ...builtAddressProblems(clientDir, siteUrl),
    ...builtSecurityTxtProblems(clientDir),
  ];
  if (problems.length) log.warn({ problems }, "not ready to go live: npm run check:launch");
}
