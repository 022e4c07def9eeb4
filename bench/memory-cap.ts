// npm run bench:memory — the production server inside a 256 MB memory cgroup (as a small
// container or PaaS plan gives it) under a short mixed load: pages and contact posts at once,
// with the outbox e-mailing to a real SMTP server on loopback. Fails when the kernel
// OOM-kills the server or it stops answering. Needs a writable cgroup (root; v1 or v2).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { eventually, freePort, readMessages, tempDatabasePath } from "#tests/support/site.ts";
import { startSmtp } from "#tests/support/smtp.ts";

const limitMb = Number(process.env.MEMORY_LIMIT_MB ?? 256);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);

/** A child of this process's own memory cgroup, limited to `limitMb`, without swap. */
function createCgroup() {
  const lines = readFileSync("/proc/self/cgroup", "utf8").trim().split("\n");
  const name = `site-memory-cap-${process.pid}`;
  if (existsSync("/sys/fs/cgroup/cgroup.controllers")) {
    const own = lines.find((line) => line.startsWith("0::"))?.slice(3) ?? "";
    const dir = path.join("/sys/fs/cgroup", own, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "memory.max"), `${limitMb}M`);
    if (existsSync(path.join(dir, "memory.swap.max")))
      writeFileSync(path.join(dir, "memory.swap.max"), "0");
    const field = (file: string, key: string) =>
      Number(
        readFileSync(path.join(dir, file), "utf8").match(new RegExp(`^${key} (\\d+)`, "m"))?.[1] ??
          0,
      );
    return {
      version: 2,
      dir,
      oomKills: () => field("memory.events", "oom_kill"),
      peakMb: () =>
        existsSync(path.join(dir, "memory.peak"))
          ? Math.round(Number(readFileSync(path.join(dir, "memory.peak"), "utf8")) / 2 ** 20)
          : NaN,
    };
  }
  const own = lines.find((line) => /^\d+:memory:/.test(line))?.split(":")[2];
  if (own === undefined) throw new Error("No memory cgroup controller on this machine.");
  const dir = path.join("/sys/fs/cgroup/memory", own, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "memory.limit_in_bytes"), `${limitMb}M`);
  writeFileSync(path.join(dir, "memory.swappiness"), "0");
  return {
    version: 1,
    dir,
    oomKills: () =>
      Number(
        readFileSync(path.join(dir, "memory.oom_control"), "utf8").match(/^oom_kill (\d+)/m)?.[1] ??
          0,
      ),
    peakMb: () =>
      Math.round(
        Number(readFileSync(path.join(dir, "memory.max_usage_in_bytes"), "utf8")) / 2 ** 20,
      ),
  };
}

if (!existsSync("build/server/index.js")) throw new Error("No build: run npm run build first.");
let cgroup: ReturnType<typeof createCgroup>;
try {
  cgroup = createCgroup();
} catch (error) {
  console.error(
    `Cannot create a memory cgroup here (run as root on a machine with cgroups): ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
const smtp = await startSmtp();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const databasePath = tempDatabasePath();
// The shell joins the cgroup, then becomes the server: the same command production runs.
const server = spawn(
  "sh",
  [
    "-c",
    'echo $$ > "$CGROUP_PROCS" && exec "$0" --env-file=deploy/node-options.env server.js',
    process.execPath,
  ],
  {
    env: {
      PATH: process.env.PATH,
      CGROUP_PROCS: path.join(cgroup.dir, "cgroup.procs"),
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: databasePath,
      SMTP_URL: smtp.url,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000000",
      OUTBOX_POLL_SECONDS: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
const exited = new Promise<void>((resolve) =>
  server.once("exit", (code, signal) => {
    exit = { code, signal };
    resolve();
  }),
);

let failure: string | undefined;
let posts: autocannon.Result | undefined;
let pages: autocannon.Result | undefined;
try {
  await eventually(async () => (await fetch(`${url}/`).catch(() => undefined))?.ok, 15_000);
  [posts, pages] = await Promise.all([
    autocannon({
      url: `${url}/contact`,
      method: "POST",
      connections: 50,
      duration: seconds,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        origin: url,
      },
      body: new URLSearchParams({
        name: "Bench",
        email: "bench@example.com",
        message: "Mensaje de prueba de memoria ".repeat(100),
        elapsed: "9000",
      }).toString(),
    }),
    autocannon({ url: `${url}/en/about`, connections: 50, duration: seconds }),
  ]);
  const health = await fetch(`${url}/healthz`).catch(() => undefined);
  if (!health?.ok)
    failure = `the server stopped answering (${exit ? JSON.stringify(exit) : "no answer"})`;
} catch (error) {
  failure = `the server did not run: ${error instanceof Error ? error.message : error}`;
} finally {
  server.kill("SIGTERM");
  await exited;
  await smtp.close();
}

const oomKills = cgroup.oomKills();
const peak = cgroup.peakMb();
rmdirSync(cgroup.dir);
const stored = (await readMessages(databasePath)).length;
console.log(
  [
    `Memory cap: ${limitMb} MB (cgroup v${cgroup.version}), ${seconds} s of pages and contact posts at once.`,
    `Pages: ${pages?.requests.total ?? 0} answered (${pages?.non2xx ?? 0} not 2xx); contact: ${posts?.["2xx"] ?? 0} acknowledged, ${stored} stored, ${smtp.received.length} e-mailed so far.`,
    `Peak memory of the cgroup (server + page cache): ${peak} MB; OOM kills: ${oomKills}; exit: ${JSON.stringify(exit)}.`,
  ].join("\n"),
);
if (oomKills > 0) failure ??= `the kernel OOM-killed the server ${oomKills} time(s)`;
if (exit?.code !== 0) failure ??= `the server did not shut down cleanly: ${JSON.stringify(exit)}`;
if (failure) {
  console.error(`\nFailed: ${failure}`);
  process.exit(1);
}
console.log("\nThe server ran within the memory cap.");
