import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { articles } from "virtual:insights";
import * as build from "virtual:react-router/server-build";
import { startContactService } from "~/contact/service.server";
import { log } from "~/config/log.server";
import type { Settings } from "~/config/settings.server";
import { allPagePaths, dynamicPagePaths, localizedPath, publishedLanguages } from "~/routing/paths";
import { loadBuiltFiles } from "./built-files";
import { createExpressApp } from "./express-app";
import { createFastPath } from "./fast-path";
import { createHealthCheck } from "./health";
import { createHttpServer } from "./http-server";
import { warnIfNotReadyToLaunch } from "./launch-warning";
import { renderNotFoundPages } from "./not-found-pages";

// The build's prerenderer reads React Router's server build from this bundle's exports.
export * from "virtual:react-router/server-build";

/** This module is bundled to <build>/server/index.js; the browser files sit beside it. */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/**
 * Starts the site and listens: the built files and 404 pages in memory, the contact
 * system, the Express app behind the fast path. `stop` closes the server, then the services.
 */
export async function startSite(settings: Settings) {
  warnIfNotReadyToLaunch(settings, clientDir, log);
  const files = loadBuiltFiles(clientDir, [...allPagePaths(), ...articles.map((a) => a.path)]);
  const notFoundPages = await renderNotFoundPages(build);
  const contact = await startContactService(settings.contact, log);

  const app = createExpressApp({ build, trustProxy: settings.server.TRUST_PROXY, contact, log });
  const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const handle = createFastPath({
    files,
    notFoundPages,
    formPages: new Set(publishedLanguages().map((lang) => localizedPath("contact", lang))),
    dynamicPages: new Set(dynamicPagePaths()),
    healthCheck: createHealthCheck({
      health: () => contact.health(),
      token: settings.health.HEALTH_TOKEN,
      trustsProxy,
      log,
    }),
    trustsProxy,
    app,
  });

  const server = createHttpServer(handle, settings.server, log);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.server.PORT, settings.server.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.server.HOST;

  return {
    /** Where it listens; with PORT=0 the port the system picked. */
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    /** Stops accepting, lets requests in flight and the current delivery finish, closes the database. */
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await contact.stop();
    },
  };
}
