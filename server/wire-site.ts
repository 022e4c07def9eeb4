import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { caseStudies } from "virtual:case-studies";
import { collectionEntries } from "virtual:collection-entries";
import { articles } from "virtual:insights";
import { people } from "virtual:people";
import { cmsConfig } from "#app/admin/cms-config.server.ts";
import { startAskService } from "#app/ask/service.server.ts";
import { startBookingService } from "#app/booking/service.server.ts";
import { startContactService, type ContactService } from "#app/contact/service.server.ts";
import { log } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { languages, siteConfig } from "#app/config/site.ts";
import { openSiteDatabase } from "#app/database/database.server.ts";
import { createRateLimiter } from "#app/limits/rate-limit.server.ts";
import { limitsStore } from "#app/limits/store.server.ts";
import { startMail, type MailService } from "#app/mail/service.server.ts";
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
import { adminRouter, type ServerEditor } from "#server/admin.ts";
import { editorBackend } from "#server/editor-backend.ts";
import { createExpressApp } from "#server/express-app.ts";
import { createFastPath } from "#server/fast-path.ts";
import { createHealthCheck } from "#server/health.ts";
import { createHttpServer, listenTarget } from "#server/http-server.ts";
import {
  bookingHidden,
  warnIfBookingHidden,
  warnIfNotReadyToLaunch,
  warnIfProxyHopsExposed,
} from "#server/launch-warning.ts";
import { createPanel } from "#server/panel-app.ts";
import { readRelease } from "#server/release.ts";

/**
 * For /healthz: what waits to be e-mailed (contact messages and composed e-mails together),
 * and how delivery goes. Never throws: an unreachable database reads as `database: false`.
 */
async function deliveryHealth(contact: ContactService, mail: MailService) {
  const [messages, mails] = await Promise.all([
    contact.counts().catch(() => undefined),
    mail.health().catch(() => undefined),
  ]);
  const sum = (key: "pending" | "failed" | "held") =>
    messages && mails ? messages[key] + mails[key] : null;
  return {
    database: messages !== undefined && mails !== undefined,
    pending: sum("pending"),
    failed: sum("failed"),
    held: sum("held"),
    spam: messages?.spam ?? null,
    suspected: messages?.suspected ?? null,
    delivery: mail.sends ? ("smtp" as const) : ("disabled" as const),
    lastDeliveryError: mails?.lastDeliveryError ?? null,
  };
}

type FastPathParts = Pick<Parameters<typeof createFastPath>[0], "files" | "notFoundPages">;
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The site's wiring, the same under `npm start` and `npm run dev`: the contact, booking and
 * visit-count services, the content editor, the Express app, the fast path in front and the
 * HTTP server. What differs is handed in: the React Router build (in development, loaded
 * afresh by Vite on each request, so edits show without a restart), the built files (none in
 * development: Vite and React Router render everything per request), where the editor's
 * bundle is, and what runs before the site in Express (Vite's middleware in development).
 */
export async function wireSite(
  settings: Settings,
  {
    build,
    adminDir,
    adminReady,
    built,
    askIndexFile = null,
    beforeSite,
    httpServer = (handle) => createHttpServer(handle, settings.server, log),
  }: {
    build: ServerBuild | (() => Promise<ServerBuild>);
    /** The content editor's bundle, and in development when it is there (it is bundled at start). */
    adminDir: string;
    adminReady?: Promise<unknown>;
    /**
     * Production: the build's browser files (the launch check reads them), and the built files
     * and 404 pages given the paths of the entries (articles, case studies). None in
     * development, where pages are rendered per request and the launch check is not run.
     */
    built?: { clientDir: string; load: (entryPaths: string[]) => Promise<FastPathParts> };
    /**
     * Where the build wrote each language's /ask index (scripts/build-ask-index.ts). None in
     * development: /ask then answers nothing and hands every question over.
     */
    askIndexFile?: ((lang: string) => string) | null;
    beforeSite?: express.Handler;
    /** In development Vite's hot reload shares the server, so it exists before the site does. */
    httpServer?: (handle: Handler) => ReturnType<typeof createHttpServer>;
  },
) {
  if (built) {
    warnIfNotReadyToLaunch(settings, built.clientDir, log, {
      caseStudies: caseStudies.length,
      people: people[defaultLanguage]?.length ?? 0,
    });
    warnIfBookingHidden(bookingOffered, settings.booking.BOOKING_CALENDAR_URL, log);
  }
  // The folder it runs in is the release (npm run deploy starts it there).
  const release = readRelease(process.cwd());
  // Articles, case studies and the other collections' entries are their own pages, outside
  // the registry.
  const entries = [...articles, ...caseStudies, ...Object.values(collectionEntries).flat()];
  const { files, notFoundPages } = built
    ? await built.load(entries.map((entry) => entry.path))
    : { files: new Map(), notFoundPages: new Map() };
  // Opened once, here, and handed to every service; throws, naming the setting, when it cannot be.
  const database = await openSiteDatabase(settings.contact, {
    onError: (error) => log.error({ err: error }, "database connection error"),
  });
  const limits = await limitsStore(database);
  /** A count of its own in the rate limit's table (its `scope`), shared by every server. */
  const budget = (options: { scope: string; max: number; windowMs: number }) =>
    createRateLimiter(limits, options);
  const contact = await startContactService(settings.contact, {
    database,
    limits,
    deliver: () => mail.deliver(),
    log,
  });
  // The outbox: the contact messages' notifications, then the composed e-mails.
  const mail = startMail(settings.contact, {
    database,
    limits,
    sources: [contact.source],
    summarize: contact.summarize,
    log,
  });
  // Queued e-mails are kept as long as contact messages.
  contact.addPurge(async () => {
    const cutoff = Date.now() - siteConfig.legal.contactRetentionDays * 24 * 3600 * 1000;
    await mail.mails.purgeOlderThan(cutoff);
  });
  // Counted by the registry's page id and language; articles by their path.
  const pageIndex: PageIndex = new Map([
    ...allPagePaths().map((url) => {
      const { page, lang } = parseLocalizedPath(url);
      return [url, { page: page ?? url, lang }] as const;
    }),
    ...entries.map((entry) => [entry.path, { page: entry.path, lang: entry.lang }] as const),
  ]);
  const stats = startStatsService(settings, {
    database,
    pages: pageIndex,
    uncounted: new Set(dynamicPagePaths()),
    log,
  });
  contact.onMessageStored((lang) => stats.message(lang));
  contact.addPurge(() => stats.purge());
  const booking = await startBookingService(settings.booking, {
    database,
    siteUrl: settings.build.SITE_URL,
    from: settings.contact.CONTACT_FROM,
    companyEmail: settings.contact.CONTACT_TO,
    consume: contact.consume,
    budget,
    deliver: mail.deliver,
    onBooked: (lang) => stats.booking(lang),
    log,
  });
  // Bookings are kept as long as contact messages (the privacy policy says so).
  contact.addPurge(async () => {
    const cutoff = booking.now() - siteConfig.legal.contactRetentionDays * 24 * 3600 * 1000;
    const removed = await booking.purgeOlderThan(cutoff);
    if (removed) log.info({ removed }, "purged bookings past retention");
  });

  const ask = startAskService(settings.ask, {
    indexFile: askIndexFile,
    languages: publishedLanguages(),
    company: siteConfig.name,
    budget,
    onQuestion: (lang, answered) => stats.question(lang, answered),
    log,
  });

  // The owner's panel (/panel): messages, calls, numbers and the site, behind a passkey.
  const panel = createPanel(settings, {
    database,
    budget,
    deliver: mail.deliver,
    contact,
    booking,
    stats,
    release,
    clientDir: built?.clientDir,
    collections: { caseStudies: caseStudies.length, people: people[defaultLanguage]?.length ?? 0 },
    bookingHidden: built
      ? bookingHidden(bookingOffered, settings.booking.BOOKING_CALENDAR_URL)
      : false,
    log,
  });
  contact.addPurge(panel.sweep);
  const editor = adminRouter({
    dir: adminDir,
    backend: settings.admin,
    configFor: (backend) => cmsConfig({ backend, languages, spanish: catalogue(defaultLanguage) }),
    server: serverEditor(settings, panel.session),
  });
  const admin = adminReady
    ? express.Router().use((_req, _res, next) => void adminReady.then(() => next(), next), editor)
    : editor;
  const app = createExpressApp({
    build,
    trustProxy: settings.server.TRUST_PROXY,
    contact,
    booking,
    ask,
    admin,
    panel: panel.router,
    beforeSite,
    log,
  });
  const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const handle = createFastPath({
    files,
    notFoundPages,
    prefilledPages: new Set(publishedLanguages().map((lang) => localizedPath("contact", lang))),
    formPages: new Set(
      publishedLanguages().flatMap((lang) => [
        localizedPath("contact", lang),
        ...bookingPaths(lang),
      ]),
    ),
    dynamicPages: new Set(dynamicPagePaths()),
    healthCheck: createHealthCheck({
      health: async () => ({
        ...(await deliveryHealth(contact, mail)),
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
    renderMisses: !built,
  });

  const server = httpServer(handle);
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
      contact.stop();
      await mail.stop();
      await database.close();
    },
  };
}

/**
 * CMS_BACKEND=server: saves are commits this server makes in the source repository, as the
 * panel's signed-in person. Its working clone is made on the first request (a slow or absent
 * repository does not hold up the site's start). None without a source repository.
 */
function serverEditor(
  settings: Settings,
  session: ServerEditor["session"],
): ServerEditor | undefined {
  const { CMS_BACKEND, CMS_SOURCE_REPOSITORY, CMS_BRANCH, CMS_WORK_DIR, CMS_UPLOAD_MAX_MB } =
    settings.admin;
  const source = CMS_SOURCE_REPOSITORY ?? settings.deploy.DEPLOY_REPOSITORY;
  if (CMS_BACKEND !== "server" || !source) return undefined;
  const { CMS_DEPLOY_HOOK_URL, CMS_DEPLOY_HOOK_SECRET } = settings.admin;
  const maxUploadBytes = CMS_UPLOAD_MAX_MB * 1_048_576;
  let backend: ReturnType<typeof editorBackend> | undefined;
  return {
    session,
    // base64 is 4/3 of the bytes; the entry's text and a too-big picture's refusal fit beside.
    bodyLimit: Math.ceil(maxUploadBytes * 1.5) + 1_048_576,
    handle: async (body, person) => {
      backend ??= editorBackend({
        source,
        branch: CMS_BRANCH,
        workDir: CMS_WORK_DIR,
        maxUploadBytes,
        hook:
          CMS_DEPLOY_HOOK_URL && CMS_DEPLOY_HOOK_SECRET
            ? { url: CMS_DEPLOY_HOOK_URL, secret: CMS_DEPLOY_HOOK_SECRET }
            : undefined,
        log,
      }).catch((error: unknown) => {
        backend = undefined;
        log.error({ err: error }, "the editor's repository could not be cloned");
        throw error;
      });
      return (await backend).handle(body, person);
    },
  };
}
