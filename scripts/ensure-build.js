// `npm start` on a fresh checkout: build once when there is no build yet.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.log(`No build in ${buildDir}/: building first.`);
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
