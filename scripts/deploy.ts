// Publishes a commit of the site's branch as a new release, or goes back one
// (docs/operations.md, "Publishing a save"):
//   npm run deploy                       the branch's newest commit
//   npm run deploy -- <commit>           that commit, if it is the branch's newest
//   npm run deploy -- --rollback         the release before the live one
//   node scripts/deploy.ts --hook <commit> <delivery>   what the signed webhook runs (deploy/hooks.json)
// Each release is a folder of DEPLOY_ROOT: the commit's files, its dependencies from the lock
// file, the build, and release.json (commit and times). The link DEPLOY_ROOT/current names the
// live one; the site's service runs there, on a socket systemd keeps open across restarts
// (deploy/site.socket), so the switch refuses no request. A failed step leaves the live
// release as it was and e-mails the owner what failed.
import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { log } from "#app/config/log.server.ts";
import { settings } from "#app/config/settings.server.ts";
import { createSender } from "#app/contact/mailer.server.ts";
import { failureMail, faultOf, lastLines, type Fault, type Step } from "#scripts/deploy-failure.ts";
import { readRelease, releaseFile, type Release } from "#server/release.ts";

const config = settings.deploy;
const root = path.resolve(config.DEPLOY_ROOT);
const files = {
  current: path.join(root, "current"),
  repository: path.join(root, ".repository.git"),
  lock: path.join(root, ".deploy.lock"),
  /** The commit the newest request asked for: a build for an older one stops. */
  wanted: path.join(root, ".deploy-wanted"),
  deliveries: path.join(root, ".hook-deliveries"),
  log: path.join(root, "deploy.log"),
};
/** Release folders: when built, then which commit (20261126T191500Z-0123456789ab). */
const releaseName = /^\d{8}T\d{6}Z-[0-9a-f]{12}$/;
const isCommit = (text: string) => /^[0-9a-f]{40}$/.test(text);

/** A step that did not succeed: which, whose fault (scripts/deploy-failure.ts), the output that says why. */
class StepFailed extends Error {
  readonly step: Step;
  readonly fault: Fault;
  readonly output: string;
  constructor(step: Step, output: string, code: number | null = 1) {
    super(`${step} failed`);
    this.step = step;
    this.fault = faultOf(step, output, code);
    this.output = output;
  }
}
/** A newer commit was asked for while this one was being built. */
class Superseded extends Error {}
/** Nothing to publish (the commit is live, or no longer the branch's newest): not the owner's concern. */
class NothingToDo extends Error {}

/** Runs a program in `cwd`; stops it (its whole process group) once `stop()` says so. */
function run(
  [program, ...args]: [string, ...string[]],
  cwd: string,
  stop: () => boolean = () => false,
): Promise<{ code: number | null; output: string; stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let stopped = false;
    const watch = setInterval(() => {
      if (stopped || !stop()) return;
      stopped = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }, 250);
    child.once("error", reject);
    child.once("close", (code) => {
      clearInterval(watch);
      resolve({ code, output, stopped });
    });
  });
}

const shell = (command: string): [string, ...string[]] => ["sh", "-c", command];
const git = (...args: string[]) =>
  execFileSync("git", ["--git-dir", files.repository, ...args], { encoding: "utf8" }).trim();

function readWanted(): string {
  try {
    return readFileSync(files.wanted, "utf8").trim();
  } catch {
    return "";
  }
}

function writeAtomically(file: string, text: string) {
  writeFileSync(`${file}.next`, text);
  renameSync(`${file}.next`, file);
}

/** Takes the deploy lock; false while another live process holds it. */
function lock(): boolean {
  try {
    writeFileSync(files.lock, String(process.pid), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const holder = Number(readFileSync(files.lock, "utf8"));
  try {
    if (holder) process.kill(holder, 0);
    if (holder) return false;
  } catch {
    // its holder is gone (a crash, a power cut)
  }
  rmSync(files.lock, { force: true });
  return lock();
}

const unlock = () => rmSync(files.lock, { force: true });

/** The finished releases, oldest first. */
function releases(): string[] {
  return readdirSync(root)
    .filter((name) => releaseName.test(name) && existsSync(path.join(root, name, releaseFile)))
    .sort();
}

function liveName(): string | undefined {
  try {
    return path.basename(realpathSync(files.current));
  } catch {
    return undefined;
  }
}

/** Points `current` at a release in one step (a rename replaces the link atomically). */
function point(name: string) {
  rmSync(`${files.current}.next`, { force: true });
  symlinkSync(name, `${files.current}.next`);
  renameSync(`${files.current}.next`, files.current);
}

/** Restarts the site and waits until its /healthz names `release`. */
async function restartInto(release: Release) {
  const token = settings.health.HEALTH_TOKEN;
  const restart = await run(shell(config.DEPLOY_RESTART_COMMAND), root);
  if (restart.code !== 0) throw new StepFailed("restart", restart.output, restart.code);
  const deadline = Date.now() + config.DEPLOY_START_SECONDS * 1000;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(config.DEPLOY_HEALTH_URL, {
        signal: AbortSignal.timeout(5000),
        // The site names its release to this machine's direct clients, or with the token
        // (always behind a proxy on this machine: TRUST_PROXY).
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const body = (await response.json()) as { release?: Release | null };
      if (response.ok && body.release?.builtAt === release.builtAt) return;
      last = `${response.status} ${JSON.stringify(body.release ?? null)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StepFailed("start", `${config.DEPLOY_HEALTH_URL}: ${last}`);
}

/** Makes a release live; if it does not start, the one before serves again. */
async function switchTo(name: string) {
  const release = readRelease(path.join(root, name));
  if (!release) throw new Error(`${name} is not a finished release`);
  const before = liveName();
  point(name);
  try {
    await restartInto(release);
  } catch (error) {
    const previous = before && readRelease(path.join(root, before));
    if (previous) {
      point(before);
      await restartInto(previous).catch((again: unknown) =>
        log.error({ err: again }, "the previous release did not start again either"),
      );
    }
    throw error;
  }
  log.info({ release: { name, ...release } }, "live release");
}

/** Builds `wanted` (a commit, or "" for the branch's newest) into a new release and switches to it. */
async function publish(wanted: string) {
  const superseded = () => stopping || readWanted() !== wanted;
  const step = async (what: Step, argv: [string, ...string[]], cwd: string) => {
    if (superseded()) throw new Superseded();
    const result = await run(argv, cwd, superseded);
    if (result.stopped) throw new Superseded();
    if (result.code !== 0) throw new StepFailed(what, result.output, result.code);
    return result.output;
  };

  if (!config.DEPLOY_REPOSITORY) throw new StepFailed("repository", "DEPLOY_REPOSITORY is not set");
  if (!existsSync(files.repository)) git("init", "--bare", "--quiet");
  const branch = `refs/heads/${config.DEPLOY_BRANCH}`;
  await step(
    "fetch",
    [
      "git",
      "--git-dir",
      files.repository,
      "fetch",
      "--quiet",
      "--force",
      config.DEPLOY_REPOSITORY,
      `+${branch}:${branch}`,
    ],
    root,
  );
  const newest = git("rev-parse", branch);
  const commit = wanted || newest;
  // A replayed or late hook names an older commit: the branch has moved on, and the hook of
  // its newest commit publishes that one.
  if (commit !== newest)
    throw new NothingToDo(`${commit} is not the newest commit of ${config.DEPLOY_BRANCH}`);
  const live = liveName();
  if (live && readRelease(path.join(root, live))?.commit === commit)
    throw new NothingToDo(`${commit} is live already`);

  const name = `${new Date().toISOString().replace(/[-:]|\.\d+/g, "")}-${commit.slice(0, 12)}`;
  const dir = path.join(root, name);
  log.info({ commit, release: name }, "building a release");
  mkdirSync(dir);
  try {
    await step(
      "files",
      [
        "sh",
        "-c",
        `git --git-dir="$1" archive "$2" | tar -x -C "$3"`,
        "sh",
        files.repository,
        commit,
        dir,
      ],
      root,
    );
    await step("install", shell(config.DEPLOY_INSTALL_COMMAND), dir);
    await step("content", [process.execPath, "scripts/check-release.ts"], dir);
    await step("build", shell("npm run build"), dir);
    await step("size", [process.execPath, "scripts/size.js"], dir);
    // The go-live check only warns: the example site publishes as shipped.
    const launch = await run([process.execPath, "scripts/check-launch.ts"], dir);
    if (launch.code !== 0) log.warn({ problems: launch.output.trim() }, "not ready to go live");
    await step("prune", shell(config.DEPLOY_PRUNE_COMMAND), dir);
    const release: Release = {
      commit,
      committedAt: git("log", "-1", "--format=%cI", commit),
      builtAt: new Date().toISOString(),
    };
    writeFileSync(path.join(dir, releaseFile), `${JSON.stringify(release, null, 2)}\n`);
    // Migrations add and never take away (docs/operations.md), so the release still serving
    // keeps working on the upgraded database until the switch.
    await step("migrate", shell(config.DEPLOY_MIGRATE_COMMAND.replaceAll("{release}", name)), dir);
    if (superseded()) throw new Superseded();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  await switchTo(name);
  prune();
  return commit;
}

/** Keeps the newest DEPLOY_KEEP releases, and always the live one. */
function prune() {
  const live = liveName();
  const all = releases();
  for (const name of all.slice(0, Math.max(0, all.length - config.DEPLOY_KEEP)))
    if (name !== live) rmSync(path.join(root, name), { recursive: true, force: true });
}

/** Tells the owner, in plain words and their language, that a save was not published and why. */
async function tellOwner(commit: string, failure: StepFailed) {
  const live = liveName();
  let commitSubject: string | undefined;
  try {
    if (commit) commitSubject = git("log", "-1", "--format=%s", commit) || undefined;
  } catch {
    // not fetched
  }
  const { subject, text } = failureMail({
    step: failure.step,
    fault: failure.fault,
    output: failure.output,
    commit,
    branch: config.DEPLOY_BRANCH,
    commitSubject,
    liveCommit: live ? readRelease(path.join(root, live))?.commit : undefined,
    startSeconds: config.DEPLOY_START_SECONDS,
  });
  log.error(
    {
      commit,
      step: failure.step,
      fault: failure.fault,
      output: lastLines(failure.output).join("\n"),
    },
    "deploy failed",
  );
  const { SMTP_URL, CONTACT_FROM, CONTACT_TO, SMTP_TIMEOUT_SECONDS, SMTP_SEND_DEADLINE_SECONDS } =
    settings.contact;
  if (!SMTP_URL) return;
  const sender = createSender(SMTP_URL, {
    timeoutMs: SMTP_TIMEOUT_SECONDS * 1000,
    deadlineMs: SMTP_SEND_DEADLINE_SECONDS * 1000,
  });
  try {
    await sender.send({ from: CONTACT_FROM, to: CONTACT_TO, subject, text });
  } catch (error) {
    log.error({ err: error }, "the failure e-mail could not be sent");
  } finally {
    sender.close();
  }
}

/**
 * Set by SIGTERM (the hooks' service stopping): the build in progress stops, its folder is
 * removed and the lock released, the live release untouched. A switch already under way
 * finishes first.
 */
let stopping = false;
process.once("SIGTERM", () => (stopping = true));

/** Publishes what was asked for last, while requests keep arriving; one process at a time. */
async function deployLoop(): Promise<number> {
  let status = 0;
  for (;;) {
    if (!lock()) {
      log.info(
        { wanted: readWanted() },
        "a deploy is running: it publishes the newest commit next",
      );
      return status;
    }
    let handled: string;
    try {
      for (;;) {
        handled = readWanted();
        try {
          const commit = await publish(handled);
          log.info({ commit }, "published");
          status = 0;
        } catch (error) {
          if (error instanceof Superseded && stopping) {
            log.info({ commit: handled }, "stopped: this build is abandoned");
            return 1;
          }
          if (error instanceof Superseded) {
            log.info({ commit: handled }, "a newer commit arrived: this build is abandoned");
            continue;
          }
          if (error instanceof NothingToDo)
            log.info({ reason: error.message }, "nothing to publish");
          else if (error instanceof StepFailed) {
            await tellOwner(handled, error);
            status = 1;
          } else throw error;
        }
        if (readWanted() === handled) break;
      }
    } finally {
      unlock();
    }
    // A request that came while the lock was being released found it held.
    if (readWanted() === handled) return status;
  }
}

/** Goes back to the release before the live one. */
async function rollback(): Promise<number> {
  if (!lock()) {
    console.error("A deploy is running: try again when it has finished.");
    return 1;
  }
  try {
    const all = releases();
    const live = liveName();
    const before = all[all.indexOf(live ?? "") - 1];
    if (!live || !before) {
      console.error(`No release before ${live ?? "(none live)"} in ${root}.`);
      return 1;
    }
    await switchTo(before);
    console.log(`Live again: ${before} (commit ${readRelease(path.join(root, before))?.commit})`);
    return 0;
  } catch (error) {
    console.error(
      error instanceof StepFailed ? `${error.step} (${error.fault})\n${error.output}` : error,
    );
    return 1;
  } finally {
    unlock();
  }
}

/**
 * What the webhook runs: refuses a delivery it has seen and anything but a commit, then
 * publishes in the background (the git host waits only seconds for an answer).
 */
function acceptHook(commit: string, delivery: string): number {
  if (!isCommit(commit)) {
    console.error(`Refused: "${commit}" is not a commit (a deleted branch?)`);
    return 1;
  }
  if (!/^[\w-]{8,100}$/.test(delivery)) {
    console.error("Refused: the hook carries no delivery id");
    return 1;
  }
  const seen = existsSync(files.deliveries)
    ? readFileSync(files.deliveries, "utf8").split("\n")
    : [];
  if (seen.includes(delivery)) {
    console.error(`Refused: delivery ${delivery} was received before (a replay)`);
    return 1;
  }
  // The last thousand are enough: a host retries a delivery within days, not thousands of saves.
  writeAtomically(files.deliveries, [...seen.filter(Boolean).slice(-999), delivery, ""].join("\n"));
  writeAtomically(files.wanted, commit);
  const output = openSync(files.log, "a");
  spawn(process.execPath, [path.resolve("scripts/deploy.ts"), "--publish"], {
    cwd: process.cwd(),
    detached: true,
    stdio: ["ignore", output, output],
  }).unref();
  console.log(`Publishing ${commit}`);
  return 0;
}

const { values, positionals } = parseArgs({
  options: {
    rollback: { type: "boolean" },
    hook: { type: "boolean" },
    publish: { type: "boolean" },
  },
  allowPositionals: true,
});
mkdirSync(root, { recursive: true });
if (values.rollback) process.exitCode = await rollback();
else if (values.hook) process.exitCode = acceptHook(positionals[0] ?? "", positionals[1] ?? "");
else {
  // --publish: started by the hook, which recorded the commit already.
  if (!values.publish) writeAtomically(files.wanted, positionals[0] ?? "");
  process.exitCode = await deployLoop();
}
