// Starts the production server: the app itself is built into <build>/server/index.js.
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const host = process.env.HOST ?? "127.0.0.1";

const { app } = await import(path.join(buildDir, "server/index.js"));

const server = app.listen(port, host, () => {
  console.log(`Serving on http://${host.includes(":") ? `[${host}]` : host}:${port}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
