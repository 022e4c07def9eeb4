// `npm start` on a fresh checkout: build once when there is no build yet.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { settings } from "#app/config/settings.server.ts";

const buildDir = settings.build.BUILD_DIR;
if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.log(`No build in ${buildDir}/: building first.`);
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
