// The visit counts of one server process: what each request and beacon adds, the batch
// written every few seconds, the retention purge and the weekly report.
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import type { Logger } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { siteConfig } from "#app/config/site.ts";
import { createSender } from "#app/mail/sender.server.ts";
import type { Database } from "#app/database/database.server.ts";
import { createBeaconGuard } from "#app/stats/beacon-guard.server.ts";
import { localDay } from "#app/stats/calendar.ts";
import {
  countable,
  deviceClass,
  hostOf,
  isDocumentVisit,
  refererOf,
  userAgentOf,
} from "#app/stats/classify.server.ts";
import { createCounter } from "#app/stats/counter.server.ts";
import { composeReport } from "#app/stats/report-mail.ts";
import { classifyArrival } from "#app/stats/sources.ts";
import { retentionStart, statsRetentionMonths } from "#app/stats/retention.ts";
import { createStatsStore } from "#app/stats/store.server.ts";
import { createWeeklyReport } from "#app/stats/weekly-report.server.ts";

/** A page the site serves, by URL: its registry id (or, for an article, its path) and language. */
export type PageIndex = ReadonlyMap<string, { page: string; lang: string }>;

/** What the page's script sends after load: the page's URL, its referrer, and whether the browser fetched it ahead. */
const beaconSchema = z.object({
  path: z.string().min(1).max(2048).startsWith("/"),
  referrer: z.string().max(2048),
  speculated: z.boolean(),
});

export function startStatsService(
  settings: Pick<Settings, "stats" | "contact" | "build">,
  {
    database,
    pages,
    uncounted = new Set(),
    log,
    now = Date.now,
  }: {
    database: Database;
    pages: PageIndex;
    /** Paths that are neither a page to count nor a 404 (the form's "sent" pages). */
    uncounted?: ReadonlySet<string>;
    log: Logger;
    now?: () => number;
  },
) {
  const mode = settings.stats.STATS;
  const store = createStatsStore(database);
  const counter = createCounter(store, {
    now,
    flushMs: settings.stats.STATS_FLUSH_SECONDS * 1000,
    log,
  });
  const siteHost = new URL(settings.build.SITE_URL).host.toLowerCase();
  const guard = createBeaconGuard({ now });

  /** One page view (or 404) that has passed the checks: what it adds. */
  function count(
    path: string,
    search: string,
    referrer: string,
    headers: IncomingHttpHeaders,
    notFound: boolean,
  ) {
    if (notFound) {
      counter.add("notFound", path, "");
      return;
    }
    const known = pages.get(path);
    if (!known) return;
    counter.add("view", known.page, known.lang);
    const arrival = classifyArrival(search, referrer, new Set([siteHost, hostOf(headers)]));
    if (!arrival.entry) return;
    counter.add("entry", known.page, known.lang);
    if (arrival.source) counter.add("source", arrival.source);
    if (arrival.campaign) counter.add("campaign", arrival.campaign);
    counter.add("device", deviceClass(userAgentOf(headers)));
  }

  let weekly: ReturnType<typeof createWeeklyReport> | undefined;
  const smtpUrl = settings.contact.SMTP_URL;
  if (mode !== "off" && settings.stats.STATS_WEEKLY_REPORT && smtpUrl) {
    const sender = createSender(smtpUrl, {
      timeoutMs: settings.contact.SMTP_TIMEOUT_SECONDS * 1000,
      deadlineMs: settings.contact.SMTP_SEND_DEADLINE_SECONDS * 1000,
    });
    weekly = createWeeklyReport(
      store,
      (report) =>
        sender.send(
          composeReport(report, {
            siteName: siteConfig.name,
            from: settings.contact.CONTACT_FROM,
            to: settings.contact.CONTACT_TO,
          }),
        ),
      { now, leaseMs: settings.contact.OUTBOX_LEASE_SECONDS * 1000, log },
    );
  }
  if (mode !== "off") {
    counter.start();
    weekly?.start();
  }
  log.info({ mode, weeklyReport: Boolean(weekly) }, "visit counting");

  return {
    mode,
    /**
     * A page, or the 404 page (`notFound`), the server is sending: counted in `server` mode
     * when a person's browser opens it now. Paths not in the page index count only as 404s.
     */
    document(path: string, search: string, headers: IncomingHttpHeaders, notFound = false) {
      // Cheapest test first: most requests are for files that are not pages.
      if (mode !== "server" || (!notFound && !pages.has(path))) return;
      if (!isDocumentVisit(headers) || !countable(headers)) return;
      count(path, search, refererOf(headers), headers, notFound);
    },
    /**
     * The page script's beacon (`/api/view`): in `beacon` mode every one counts; in `server`
     * mode only a page the browser prerendered or prefetched, whose request was not counted.
     * Anything malformed, cross-site, from a bot or with GPC is ignored; past a client's
     * budget, or a speculated page this client (`clientAddress`, as the trusted proxy
     * reports it) had counted in the last minutes, too. Resolves once counted or not.
     */
    async beacon(body: string, headers: IncomingHttpHeaders, clientAddress: string) {
      if (mode === "off" || !countable(headers)) return;
      const site = headers["sec-fetch-site"];
      if (site !== undefined && site !== "same-origin") return;
      let data: z.infer<typeof beaconSchema>;
      try {
        data = beaconSchema.parse(JSON.parse(body));
      } catch {
        return;
      }
      if (mode === "server" && !data.speculated) return;
      const url = new URL(data.path, "http://site.invalid");
      // In server mode the server answered any 404 itself; a prerendered one is not shown.
      if (uncounted.has(url.pathname) || (mode === "server" && !pages.has(url.pathname))) return;
      try {
        if (!(await guard.admit(clientAddress, url.pathname, data.speculated))) return;
        count(url.pathname, url.search, data.referrer, headers, !pages.has(url.pathname));
      } catch (error) {
        // Nobody awaits a beacon (the answer went out): an error must not become an
        // unhandled rejection, which would stop the server.
        log.error({ err: error }, "could not count a beacon");
      }
    },
    /** A contact message stored as not spam. */
    message(lang: string) {
      if (mode !== "off") counter.add("message", "", lang);
    },
    /** A call booked on the booking page: a conversion, counted beside the messages. */
    booking(lang: string) {
      if (mode !== "off") counter.add("message", "booking", lang);
    },
    /** A question asked on /ask (never its text); `unanswered` when the page handed over. */
    question(lang: string, answered: boolean) {
      if (mode !== "off") counter.add("question", answered ? "" : "unanswered", lang);
    },
    /** Deletes the days past retention (run by the contact system's daily purge). */
    async purge() {
      const removed = await store.purgeBefore(retentionStart(localDay(now())));
      if (removed)
        log.info(
          { removed, retentionMonths: statsRetentionMonths },
          "purged visit counts past retention",
        );
    },
    flush: () => counter.flush(),
    /** Writes what is counted, lets a report being sent finish. */
    async stop() {
      await weekly?.stop();
      await counter.stop();
    },
  };
}
