import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ["--headless=new", ...chromiumFlags] });
for (let i = 0; i < 2; i++) {
  const r = await lighthouse(process.argv[2]!, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const events = (r!.artifacts as any).Trace.traceEvents as any[];
  const long = events.filter((e) => e.ph === "X" && e.dur > 40000 && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask"));
  for (const task of long) {
    const inside = events.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + task.dur && e.ph === "X" && e.dur > 5000 && e !== task);
    console.log("task", Math.round(task.dur / 1000), "ms", task.args?.src_func, JSON.stringify(inside.map((e) => [e.name, Math.round(e.dur / 1000), e.args?.data?.url?.slice?.(0, 40) ?? e.args?.src_func ?? ""]).slice(0, 15)));
  }
}
chrome.kill();
