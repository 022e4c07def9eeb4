// Starts the production server; the site itself is built into <build>/server/index.js.
import { createServer } from "node:http";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const host = process.env.HOST ?? "127.0.0.1";

const { startSite } = await import(path.join(buildDir, "server/index.js"));

let site;
try {
  site = await startSite(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = createServer(site.handle);
server.listen(port, host, () => {
  // The port actually bound: PORT=0 lets the system pick a free one.
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  console.log(`Serving on http://${host.includes(":") ? `[${host}]` : host}:${bound}`);
});

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Stop accepting, let in-flight requests and the current delivery finish, close the
    // database; give up after 10 s rather than hang.
    console.log(`${signal}: stopping`);
    setTimeout(() => {
      console.error("Not stopped within 10 s: exiting anyway");
      process.exit(1);
    }, 10_000).unref();
    server.close(async () => {
      try {
        await site.stop();
      } catch (error) {
        console.error("stopping the site failed:", error);
        process.exit(1);
      }
      console.log("Stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
