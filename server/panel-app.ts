// The panel put together from the site's services (server/wire-site.ts): its store and sessions on
// the site's database, the sign-in limit in the rate limit's table, and its sections.
import path from "node:path";
import type express from "express";
import type { BookingService } from "#app/booking/service.server.ts";
import type { CollectionCounts } from "#app/config/launch-check.server.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { siteConfig, type Language } from "#app/config/site.ts";
import type { ContactService } from "#app/contact/service.server.ts";
import type { Database } from "#app/database/database.server.ts";
import type { createRateLimiter } from "#app/limits/rate-limit.server.ts";
import { panelAuth, panelTimes, signInWindowMs } from "#app/panel/auth.server.ts";
import { invite } from "#app/panel/invitation.server.ts";
import { passkeys } from "#app/panel/passkeys.server.ts";
import { panelPath } from "#app/panel/paths.ts";
import { feedSecret, panelStore } from "#app/panel/store.server.ts";
import { createStatsStore } from "#app/stats/store.server.ts";
import { goLiveProblems } from "#server/launch-warning.ts";
import { panelRouter, sessionOfRequest } from "#server/panel.tsx";
import { callsFeed, callsSection } from "#server/panel-calls.tsx";
import { messagesSection } from "#server/panel-messages.tsx";
import { numbersSection } from "#server/panel-numbers.tsx";
import { peopleSection } from "#server/panel-people.tsx";
import { siteSection } from "#server/panel-site.tsx";
import type { Release } from "#server/release.ts";

export function createPanel(
  settings: Settings,
  {
    database,
    budget,
    deliver,
    contact,
    booking,
    stats,
    release,
    clientDir,
    collections,
    bookingHidden,
    log,
  }: {
    database: Database;
    /** A count of its own in the rate limit's table (app/limits). */
    budget: (options: {
      scope: string;
      max: number;
      windowMs: number;
    }) => ReturnType<typeof createRateLimiter>;
    /** Asks the outbox (app/mail) to send what was queued now. */
    deliver: () => void;
    contact: ContactService;
    booking: BookingService;
    stats: { flush: () => Promise<void> };
    release: Release | null;
    clientDir: string | undefined;
    collections: CollectionCounts;
    /** The built pages' buttons lead to contact although a calendar is set (launch-warning.ts). */
    bookingHidden: boolean;
    log: Logger;
  },
): {
  router: express.Router;
  sweep: () => Promise<void>;
  session: ReturnType<typeof sessionOfRequest>;
} {
  const store = panelStore(database);
  const auth = panelAuth(store, panelTimes(settings.panel));
  const siteUrl = settings.build.SITE_URL;
  const signInLimit = budget({
    scope: "panel-sign-in:",
    max: settings.panel.PANEL_SIGN_IN_ATTEMPTS,
    windowMs: signInWindowMs,
  });
  const feedKey = () => store.secret(feedSecret);
  const router = panelRouter({
    auth,
    passkeys: passkeys(store, auth, siteConfig.name),
    siteUrl,
    signInLimit: (clientKey) => signInLimit.consume(clientKey),
    keyed: (router) => callsFeed(router, { booking, key: feedKey }),
    sections: (router) => {
      messagesSection(router, {
        contact,
        auth,
        retentionDays: siteConfig.legal.contactRetentionDays,
        deliver,
      });
      callsSection(router, {
        booking,
        auth,
        feedUrl: async () => `${siteUrl}${panelPath}/calendar/${await feedKey()}.ics`,
      });
      numbersSection(router, {
        stats: createStatsStore(database),
        flush: stats.flush,
      });
      siteSection(router, {
        release,
        deployLog: path.join(path.resolve(settings.deploy.DEPLOY_ROOT), "deploy.log"),
        goLiveProblems: () => goLiveProblems(settings, clientDir, collections),
        bookingHidden,
      });
      peopleSection(router, {
        auth,
        store,
        invite: async (email, by, lang) => {
          const made = await invite(
            { auth, db: database.db, siteUrl, from: settings.contact.CONTACT_FROM },
            { email, by, lang: lang as Language },
          );
          deliver();
          log.info({ by }, "panel invitation sent");
          return made.link;
        },
      });
    },
  });
  return { router, sweep: () => auth.sweep(), session: sessionOfRequest(auth) };
}
