// The parts of a release host the deploy tests run for real on loopback: a git server the
// site's commits are pushed to, Debian's `webhook` with deploy/hooks.json, and the site's
// server on a listening socket that outlives it, as systemd's deploy/site.socket does.
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { connect } from "node:net";
import { eventually, freePort } from "#tests/support/site.ts";

function started(child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = connect(port, "127.0.0.1");
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });

/** `git daemon` serving the bare repositories of `dir` (pushes allowed) on 127.0.0.1. */
export async function startGitServer(dir: string) {
  const port = await freePort();
  const child = spawn(
    "git",
    [
      "daemon",
      "--reuseaddr",
      "--export-all",
      "--enable=receive-pack",
      `--base-path=${dir}`,
      "--listen=127.0.0.1",
      `--port=${port}`,
      dir,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const daemon = started(child);
  await eventually(() => listening(port), 10_000);
  return { url: (name: string) => `git://127.0.0.1:${port}/${name}`, stop: daemon.stop };
}

/** A shell-safe line `export NAME='value'`. */
const exportLine = ([name, value]: [string, string]) =>
  `export ${name}='${value.replaceAll("'", `'\\''`)}'`;

/**
 * The site's server on a socket that outlives it. Debian's `systemd-socket-activate` binds
 * the socket and hands it over as systemd does (fd 3, LISTEN_FDS, LISTEN_PID); it cannot
 * restart a service, so a small shell loop plays systemd's part of deploy/site.service: it
 * starts `node server.js` in the release `root/current` names, and on SIGHUP (what
 * `systemctl restart site` would do) stops it (SIGTERM, the requests in flight finish) and
 * starts the next one on the same socket.
 */
export async function startSocketHolder(root: string, env: Record<string, string>) {
  const port = await freePort();
  const envFile = path.join(root, "..", "site.env");
  writeFileSync(envFile, Object.entries(env).map(exportLine).join("\n") + "\n");
  const script = `
    set -a; . "$SITE_ENV"; set +a
    restart=0
    trap 'restart=1' HUP
    trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 0' TERM
    start() {
      cd "$SITE_ROOT/current" || exit 1
      sh -c 'export LISTEN_PID=$$; exec "$0" --env-file=deploy/node-options.env server.js' "$SITE_NODE" &
      child=$!
    }
    start
    while :; do
      wait "$child"
      if [ "$restart" = 1 ]; then
        restart=0
        kill -TERM "$child" 2>/dev/null
        wait "$child"
      fi
      start
    done`;
  const child = spawn(
    "systemd-socket-activate",
    [
      "--listen",
      `127.0.0.1:${port}`,
      `--setenv=SITE_ENV=${envFile}`,
      `--setenv=SITE_ROOT=${root}`,
      `--setenv=SITE_NODE=${process.execPath}`,
      "sh",
      "-c",
      script,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const holder = started(child);
  const url = `http://127.0.0.1:${port}`;
  // The first connection starts the service (socket activation); it waits in the queue.
  await eventually(async () => {
    try {
      return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) })).ok;
    } catch {
      return false;
    }
  }, 60_000);
  return {
    url,
    port,
    /** What the deploy runs to restart the site (systemctl restart site, here). */
    restartCommand: `kill -HUP ${child.pid}`,
    output: holder.output,
    stop: () => holder.stop(),
  };
}

/** Debian's webhook with deploy/hooks.json, its paths pointed at `root` and this Node. */
export async function startWebhook(root: string, env: Record<string, string>) {
  let hooks = readFileSync("deploy/hooks.json", "utf8");
  for (const [from, to] of [
    ["/usr/bin/node", process.execPath],
    ["/srv/site/releases/current", path.join(root, "current")],
  ] as const) {
    if (!hooks.includes(from)) throw new Error(`deploy/hooks.json no longer has "${from}"`);
    hooks = hooks.replaceAll(from, to);
  }
  const dir = path.join(root, "..", "hooks");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "hooks.json");
  writeFileSync(file, hooks);
  const port = await freePort();
  const child = spawn(
    "/usr/bin/webhook",
    ["-hooks", file, "-template", "-ip", "127.0.0.1", "-port", String(port), "-verbose"],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const webhook = started(child);
  await eventually(() => listening(port), 10_000);
  return { port, output: webhook.output, stop: () => webhook.stop() };
}

const hmac = (secret: string, body: string) =>
  createHmac("sha256", secret).update(body).digest("hex");

/**
 * A push event as each git host sends it: GitHub signs it (X-Hub-Signature-256), Forgejo and
 * Gitea too (X-Gitea-Signature, bare hex), GitLab sends the secret itself (X-Gitlab-Token).
 * Without a secret, unsigned.
 */
export function push(
  host: "github" | "forgejo" | "gitlab",
  { branch, commit }: { branch: string; commit: string },
  secret: string | undefined,
) {
  const body = JSON.stringify({ ref: `refs/heads/${branch}`, after: commit, commits: [] });
  const delivery = randomUUID();
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (host === "github") {
    Object.assign(headers, { "x-github-event": "push", "x-github-delivery": delivery });
    if (secret) headers["x-hub-signature-256"] = `sha256=${hmac(secret, body)}`;
  } else if (host === "forgejo") {
    Object.assign(headers, { "x-gitea-event": "push", "x-gitea-delivery": delivery });
    if (secret) headers["x-gitea-signature"] = hmac(secret, body);
  } else {
    Object.assign(headers, { "x-gitlab-event": "Push Hook", "x-gitlab-event-uuid": delivery });
    if (secret) headers["x-gitlab-token"] = secret;
  }
  return { body, headers };
}
