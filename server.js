// Starts the server. In production (`npm start`) the site is built into
// <BUILD_DIR>/server/index.js; with NODE_ENV=development (`npm run dev`) the same wiring runs
// from the sources with Vite as middleware (server/dev.ts). A wrong setting stops it here,
// with one line per problem (app/config/settings.server.ts).
import path from "node:path";
import { settings } from "#app/config/settings.server.ts";

// React and Express pick their production code by NODE_ENV when first loaded; React's
// development build renders a page several times slower. Set before the site's bundle loads.
process.env.NODE_ENV ??= "production";

const { startSite } =
  process.env.NODE_ENV === "development"
    ? await import("./server/dev.ts")
    : await import(path.resolve(settings.build.BUILD_DIR, "server/index.js"));

let site;
try {
  site = await startSite(settings);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`Serving on ${site.url}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Give up after 10 s rather than hang.
    console.log(`${signal}: stopping`);
    setTimeout(() => {
      console.error("Not stopped within 10 s: exiting anyway");
      process.exit(1);
    }, 10_000).unref();
    site.stop().then(
      () => {
        console.log("Stopped");
        process.exit(0);
      },
      (/** @type {unknown} */ error) => {
        console.error("stopping the site failed:", error);
        process.exit(1);
      },
    );
  });
}
