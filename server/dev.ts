// `npm run dev`: the production server's wiring (server/wire-site.ts) with Vite as middleware, the
// shape of React Router's `node-custom-server` template. Vite loads the wiring and, on each
// request, the React Router build, so edits to pages show without a restart (hot reload in
// the browser); the services (database, outbox, bookings, visit counts) start once.
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { log } from "#app/config/log.server.ts";
import type { Settings } from "#app/config/settings.server.ts";
import { buildAdmin } from "#scripts/build-admin.ts";
import { buildCache } from "#scripts/build-cache.ts";
import { createHttpServer } from "#server/http-server.ts";
import type { wireSite } from "#server/wire-site.ts";

type Handler = Parameters<typeof createHttpServer>[0];

/**
 * Where the content editor is bundled in development (copied from the build cache when it
 * can). Not under node_modules/.cache: Express sends no file from a folder whose name starts
 * with a dot.
 */
const adminDir = path.resolve("build-dev/admin");

export async function startSite(settings: Settings) {
  // Vite's hot reload speaks over this server's connections (no second port), so the server
  // exists before Vite, and before the site it will serve.
  let handle: Handler = (_req, res) => void res.writeHead(503).end();
  const server = createHttpServer((req, res) => handle(req, res), settings.server, log);
  const vite = await createViteServer({
    // The editor's bundle, written at start, is no source to reload pages for.
    server: { middlewareMode: true, hmr: { server }, watch: { ignored: ["**/build-dev/**"] } },
    appType: "custom",
  });
  // A Vite server not in middleware mode (React Router's plugin starts one, its "child
  // compiler") closes and exits the process on SIGTERM: the site's stop (server.js), which
  // writes the visit counts and closes the database, would be cut short.
  process.removeAllListeners("SIGTERM");
  // Bundled in the background (about half a minute the first time): /admin waits for it. A
  // failure is logged now, and /admin answers it with a 500.
  const adminReady = buildAdmin(adminDir, buildCache());
  adminReady.catch((error: unknown) => log.error({ err: error }, "bundling the editor failed"));
  try {
    const site = (await vite.ssrLoadModule("/server/wire-site.ts")) as {
      wireSite: typeof wireSite;
    };
    const started = await site.wireSite(settings, {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      adminDir,
      adminReady,
      beforeSite: vite.middlewares,
      httpServer: (siteHandle) => {
        handle = siteHandle;
        return server;
      },
    });
    return {
      url: started.url,
      stop: async () => {
        await started.stop();
        await vite.close();
      },
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}
