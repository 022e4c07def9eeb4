import {
  builtAddressProblems,
  builtSecurityTxtProblems,
  launchItems,
  type CollectionCounts,
  type LaunchItem,
} from "#app/config/launch-check.server.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { siteConfig } from "#app/config/site.ts";
import { isLoopback } from "#server/health.ts";

/**
 * What the go-live check (npm run check:launch) finds on this server: placeholders and
 * settings, and, in production, the built files' address and security.txt.
 */
export function goLiveProblems(
  settings: Settings,
  clientDir: string | undefined,
  collections: CollectionCounts,
): LaunchItem[] {
  const siteUrl = settings.build.SITE_URL;
  const built = clientDir
    ? [...builtAddressProblems(clientDir, siteUrl), ...builtSecurityTxtProblems(clientDir)]
    : [];
  return [
    ...launchItems({ ...siteConfig, siteUrl }, settings.contact, collections, settings.booking),
    ...built.map((message) => ({ kind: "build" as const, message })),
  ];
}

/** The go-live check (npm run check:launch) at start: a warning, since the shipped example must run. */
export function warnIfNotReadyToLaunch(
  settings: Settings,
  clientDir: string,
  log: Logger,
  collections: CollectionCounts,
) {
  const problems = goLiveProblems(settings, clientDir, collections).map((item) => item.message);
  if (problems.length) log.warn({ problems }, "not ready to go live: npm run check:launch");
}

/**
 * A calendar given to a build whose calls to action lead to the contact page (made without
 * BOOKING_CALENDAR_URL or BOOKING_OFFERED): booking works, but only a visitor who knows the
 * address finds it.
 */
export const bookingHidden = (offered: boolean, calendarUrls: readonly string[]) =>
  !offered && calendarUrls.length > 0;

/** bookingHidden, in the server's log at start (the panel's site page says it to the owner). */
export function warnIfBookingHidden(
  offered: boolean,
  calendarUrls: readonly string[],
  log: Logger,
) {
  if (!bookingHidden(offered, calendarUrls)) return;
  log.warn(
    "BOOKING_CALENDAR_URL is set, but this build's calls to action lead to the contact page: build again with it set, or with BOOKING_OFFERED=true",
  );
}

/**
 * A hop count (TRUST_PROXY=1) trusts the last X-Forwarded-For entries of whoever connects.
 * Behind a proxy that is the only way in, those are the proxy's; but a server listening
 * beyond loopback may be reached directly, and such a client then picks its own address for
 * the rate limit, the logs and the HTTPS check. `address` is where the server listens
 * (after `listen`, so a host name is already resolved).
 */
export function warnIfProxyHopsExposed(
  trustProxy: Settings["server"]["TRUST_PROXY"],
  address: string,
  log: Logger,
) {
  if (typeof trustProxy !== "number" || trustProxy === 0 || isLoopback(address)) return;
  log.warn(
    { TRUST_PROXY: trustProxy, address },
    "TRUST_PROXY is a hop count and the server listens beyond loopback: a client that reaches it directly chooses its own address with X-Forwarded-For. Give the proxy's address instead (e.g. TRUST_PROXY=10.0.0.5), or listen on 127.0.0.1 (HOST)",
  );
}
