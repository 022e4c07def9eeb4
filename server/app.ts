import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { caseStudies } from "virtual:case-studies";
import { articles } from "virtual:insights";
import { people } from "virtual:people";
import * as build from "virtual:react-router/server-build";
import { cmsConfig } from "#app/admin/cms-config.server.ts";
import { startBookingService } from "#app/booking/service.server.ts";
import { startContactService } from "#app/contact/service.server.ts";
import { log } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { languages, siteConfig } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import {
  allPagePaths,
  bookingOffered,
  bookingPaths,
  defaultLanguage,
  dynamicPagePaths,
  localizedPath,
  parseLocalizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";
import { startStatsService, type PageIndex } from "#app/stats/service.server.ts";
import { adminRouter } from "#server/admin.ts";
import { loadBuiltFiles } from "#server/built-files.ts";
import { createExpressApp } from "#server/express-app.ts";
import { createFastPath } from "#server/fast-path.ts";
import { createHealthCheck } from "#server/health.ts";
import { createHttpServer, listenTarget } from "#server/http-server.ts";
import {
  warnIfBookingHidden,
  warnIfNotReadyToLaunch,
  warnIfProxyHopsExposed,
} from "#server/launch-warning.ts";
import { renderNotFoundPages } from "#server/not-found-pages.ts";
import { readRelease } from "#server/release.ts";

// The build's prerenderer reads React Router's server build from this bundle's exports.
export * from "virtual:react-router/server-build";

/** This module is bundled to <build>/server/index.js; the browser files sit beside it. */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/**
 * Starts the site and listens: the built files and 404 pages in memory, the contact
 * system, the Express app behind the fast path. `stop` closes the server, then the services.
 */
export async function startSite(settings: Settings) {
  warnIfNotReadyToLaunch(settings, clientDir, log, {
    caseStudies: caseStudies.length,
    people: people[defaultLanguage]?.length ?? 0,
  });
  warnIfBookingHidden(bookingOffered, settings.booking.BOOKING_CALENDAR_URL, log);
  // The folder it runs in is the release (npm run deploy starts it there).
  const release = readRelease(process.cwd());
  // Articles and case studies are their own pages, outside the registry.
  const entries = [...articles, ...caseStudies];
  const files = loadBuiltFiles(clientDir, [...allPagePaths(), ...entries.map((a) => a.path)]);
  const notFoundPages = await renderNotFoundPages(build);
  const contact = await startContactService(settings.contact, log);
  // Counted by the registry's page id and language; articles by their path.
  const pageIndex: PageIndex = new Map([
    ...allPagePaths().map((url) => {
      const { page, lang } = parseLocalizedPath(url);
      return [url, { page: page ?? url, lang }] as const;
    }),
    ...entries.map((entry) => [entry.path, { page: entry.path, lang: entry.lang }] as const),
  ]);
  const stats = startStatsService(settings, {
    database: contact.database,
    pages: pageIndex,
    uncounted: new Set(dynamicPagePaths()),
    log,
  });
  contact.onMessageStored((lang) => stats.message(lang));
  contact.addPurge(() => stats.purge());
  const booking = await startBookingService(settings.booking, {
    database: contact.database,
    siteUrl: settings.build.SITE_URL,
    from: settings.contact.CONTACT_FROM,
    companyEmail: settings.contact.CONTACT_TO,
    consume: contact.consume,
    deliver: contact.deliver,
    onBooked: (lang) => stats.booking(lang),
    log,
  });
  // Bookings are kept as long as contact messages (the privacy policy says so).
  contact.addPurge(async () => {
    const cutoff = booking.now() - siteConfig.legal.contactRetentionDays * 24 * 3600 * 1000;
    const removed = await booking.purgeOlderThan(cutoff);
    if (removed) log.info({ removed }, "purged bookings past retention");
  });

  const admin = adminRouter({
    dir: path.resolve(clientDir, "../admin"),
    backend: settings.admin,
    config: cmsConfig({
      backend: settings.admin,
      languages,
      spanish: catalogue(defaultLanguage),
    }),
  });
  const app = createExpressApp({
    build,
    trustProxy: settings.server.TRUST_PROXY,
    contact,
    booking,
    admin,
    log,
  });
  const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const handle = createFastPath({
    files,
    notFoundPages,
    formPages: new Set(
      publishedLanguages().flatMap((lang) => [
        localizedPath("contact", lang),
        ...bookingPaths(lang),
      ]),
    ),
    dynamicPages: new Set(dynamicPagePaths()),
    healthCheck: createHealthCheck({
      health: async () => ({
        ...(await contact.health()),
        booking: booking.health(),
        release,
      }),
      token: settings.health.HEALTH_TOKEN,
      trustsProxy,
      log,
    }),
    trustsProxy,
    app,
    stats,
  });

  const server = createHttpServer(handle, settings.server, log);
  const target = listenTarget(settings.server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(target, resolve);
  });
  if (release) log.info({ release }, "live release");
  const { port, address } = server.address() as AddressInfo;
  // An inherited socket is wherever systemd bound it.
  const host = "fd" in target ? address : settings.server.HOST;
  warnIfProxyHopsExposed(settings.server.TRUST_PROXY, address, log);

  return {
    /** Where it listens; with PORT=0 the port the system picked. */
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    /**
     * Stops accepting, lets requests in flight and the current delivery finish, writes the
     * visit counts still in memory, closes the database.
     */
    stop: async () => {
      await server.closeGracefully();
      await stats.stop();
      booking.stop();
      await contact.stop();
    },
  };
}
