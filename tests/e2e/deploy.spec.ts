// A save publishes itself (docs/operations.md, "Publishing a save"), for real on loopback: a
// commit pushed to a git server (`git daemon`), GitHub's signed push event through nginx
// (deploy/nginx.conf) to Debian's `webhook` (deploy/hooks.json), `npm run deploy`
// (scripts/deploy.ts) building a release and restarting the site on a socket that outlives
// the process (systemd-socket-activate, tests/support/release-host.ts), while page requests
// and contact messages keep arriving through nginx.
//
// One build only (commit B). The first live release (commit A) is the project itself as
// tested: its files, its dependencies and its German build (`npm run build:german`, which
// `npm test` makes first). Each release's install is a link to the project's node_modules
// (DEPLOY_INSTALL_COMMAND) instead of `npm ci`, which would fetch the same versions again: the
// lock file is the project's. (A hard-linked copy of its 80,000 files took 3 CPU-seconds to
// make and 2 to remove, for each release.)
import { execFile, execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { get } from "node:http";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startNginx } from "#tests/support/nginx.ts";
import {
  push,
  startGitServer,
  startSocketHolder,
  startWebhook,
} from "#tests/support/release-host.ts";
import { eventually, readMessages, tempDatabasePath } from "#tests/support/site.ts";
import { startSmtp, type SmtpServer } from "#tests/support/smtp.ts";

test.describe.configure({ mode: "serial", timeout: 8 * 60_000 });

const secret = "hook-secret-0123456789abcdef";
const healthToken = "health-token-0123456789abcdef";
const languages = ["es", "en", "ca", "de"] as const;
const home = (lang: string) => (lang === "es" ? "/" : `/${lang}`);

let dir: string;
let root: string;
let work: string;
let smtp: SmtpServer;
let databasePath: string;
let deployEnv: Record<string, string>;
let git: Awaited<ReturnType<typeof startGitServer>>;
let holder: Awaited<ReturnType<typeof startSocketHolder>>;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const commits: Record<"a" | "b" | "c", string> = { a: "", b: "", c: "" };
/** The text commit B puts into the home page's title, in each language. */
const marker = `Rev${Date.now().toString(36)}`;
let firstHook: ReturnType<typeof push>;

const run = (cwd: string, program: string, ...args: string[]) =>
  execFileSync(program, args, { cwd, encoding: "utf8" }).trim();

function commitAll(message: string) {
  run(work, "git", "add", "-A");
  run(
    work,
    "git",
    "-c",
    "user.name=Owner",
    "-c",
    "user.email=owner@example.com",
    "commit",
    "-qm",
    message,
  );
  run(work, "git", "push", "-q", git.url("site.git"), "main");
  return run(work, "git", "rev-parse", "HEAD");
}

/** content/locales/<code>/home.json: the home page's texts. */
type HomeTexts = { hero: { title: string; subtitle?: string } };

function editJson(file: string, edit: (data: HomeTexts) => void) {
  const data = JSON.parse(readFileSync(path.join(work, file), "utf8")) as HomeTexts;
  edit(data);
  writeFileSync(path.join(work, file), `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * The live release, asked of the site directly (not through nginx) on a connection of its
 * own each time. A reused keep-alive connection would be a client that does not retry: a
 * restart closes idle connections, and a poller whose process is busy (two workers, a build)
 * can send its next request into one already closed ("other side closed") before it has read
 * the close. nginx, the site's only client in production, resends such a GET.
 */
const health = () =>
  new Promise<{ release: { commit: string; builtAt: string } | null }>((resolve, reject) => {
    const req = get(
      `${holder.url}/healthz`,
      { agent: false, headers: { authorization: `Bearer ${healthToken}` } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new Error(`/healthz answered ${res.statusCode}: ${text.slice(0, 200)}`));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });

const releaseFolders = () => readdirSync(root).filter((name) => /^\d{8}T/.test(name));

/**
 * Sends a hook through nginx, as the git host does: each from an address of its own (nginx
 * allows an address a few hooks a minute), unless `from` is given.
 */
let hookSender = 10;
function sendHook(
  hook: string,
  { body, headers }: { body: string; headers: Record<string, string> },
  from = `127.0.0.${hookSender++}`,
) {
  return call("POST", `/hooks/${hook}`, body, headers, undefined, from);
}

function call(
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
  agent?: Agent,
  localAddress?: string,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${nginx.httpsUrl}${url}`,
      { method, headers, ca: nginx.certificate, agent, localAddress, timeout: 60_000 },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * A bounded load through nginx for as long as it runs: four clients, each a page request or
 * (one in four) a contact message, then a pause of 50 ms. Every answer must be a 200.
 */
function startLoad() {
  const agent = new Agent({ keepAlive: true, ca: nginx.certificate, maxSockets: 4 });
  const result = { requests: 0, messages: [] as string[], failures: [] as string[], slowestMs: 0 };
  let running = true;
  const tag = Date.now().toString(36);
  const client = async (id: number) => {
    for (let n = 0; running; n++) {
      const lang = languages[n % languages.length]!;
      const post = n % 4 === 3;
      const name = `Carga ${tag}-${id}-${n}`;
      result.requests++;
      const sent = performance.now();
      try {
        const answer = post
          ? await call(
              "POST",
              `${home(lang).replace(/\/$/, "")}/contact`,
              new URLSearchParams({
                name,
                email: "carga@example.com",
                message: "Un mensaje durante la publicación",
                elapsed: "9000",
              }).toString(),
              {
                origin: nginx.httpsUrl,
                accept: "application/json",
                "content-type": "application/x-www-form-urlencoded",
              },
              agent,
            )
          : await call("GET", home(lang), undefined, {}, agent);
        if (answer.status !== 200)
          result.failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
        else if (post) result.messages.push(name);
      } catch (error) {
        result.failures.push(String(error));
      }
      result.slowestMs = Math.max(result.slowestMs, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const clients = Promise.all([0, 1, 2, 3].map(client));
  return {
    /** Resolves once `n` more requests have been answered (or failed) on the live release. */
    more: (n: number) => {
      const seen = result.requests;
      return eventually(() => result.requests >= seen + n, 60_000);
    },
    stop: async () => {
      running = false;
      await clients;
      agent.destroy();
      return result;
    },
  };
}

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "site-deploy-"));
  root = path.join(dir, "releases");
  work = path.join(dir, "work");
  mkdirSync(root);
  mkdirSync(work);
  // Commit A: the project's files as they are (those git tracks or would), on a git server.
  const tracked = run(".", "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    .split("\0")
    .filter((file) => file && existsSync(file));
  writeFileSync(path.join(dir, "files"), tracked.join("\0"));
  execFileSync("sh", [
    "-c",
    `tar -c --null -T "$1" | tar -x -C "$2"`,
    "sh",
    path.join(dir, "files"),
    work,
  ]);
  run(work, "git", "init", "-q", "-b", "main");
  mkdirSync(path.join(dir, "git"));
  run(path.join(dir, "git"), "git", "init", "-q", "--bare", "site.git");
  git = await startGitServer(path.join(dir, "git"));
  commits.a = commitAll("The site as it is");

  // Release A, live: the same files, the project's dependencies and German build.
  const releaseA = `20000101T000000Z-${commits.a.slice(0, 12)}`;
  const folder = path.join(root, releaseA);
  mkdirSync(folder);
  execFileSync("sh", [
    "-c",
    `tar -c --null -T "$1" | tar -x -C "$2"`,
    "sh",
    path.join(dir, "files"),
    folder,
  ]);
  symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"));
  run(folder, "cp", "-r", path.resolve("build-de"), "build");
  writeFileSync(
    path.join(folder, "release.json"),
    JSON.stringify({
      commit: commits.a,
      committedAt: new Date().toISOString(),
      builtAt: new Date().toISOString(),
    }),
  );
  symlinkSync(releaseA, path.join(root, "current"));

  smtp = await startSmtp();
  databasePath = tempDatabasePath();
  const siteEnv = {
    SMTP_URL: smtp.url,
    CONTACT_TO: "owner@example.com",
    DATABASE_PATH: databasePath,
    TRUST_PROXY: "loopback",
    HEALTH_TOKEN: healthToken,
    RATE_LIMIT_MAX: "100000",
    CONTACT_MIN_FILL_SECONDS: "0",
    STATS_WEEKLY_REPORT: "false",
    LOG_LEVEL: "warn",
    VITE_PUBLISHED_LANGUAGES: "es,en,ca,de",
  };
  holder = await startSocketHolder(root, siteEnv);
  deployEnv = {
    ...siteEnv,
    LOG_LEVEL: "info",
    DEPLOY_ROOT: root,
    DEPLOY_REPOSITORY: git.url("site.git"),
    DEPLOY_BRANCH: "main",
    DEPLOY_HOOK_SECRET: secret,
    DEPLOY_INSTALL_COMMAND: `ln -s "${path.resolve("node_modules")}" node_modules`,
    DEPLOY_PRUNE_COMMAND: "true",
    DEPLOY_MIGRATE_COMMAND: `"${process.execPath}" scripts/migrate.ts`,
    DEPLOY_RESTART_COMMAND: holder.restartCommand,
    DEPLOY_HEALTH_URL: `${holder.url}/healthz`,
  };
  webhook = await startWebhook(root, deployEnv);
  nginx = await startNginx(holder.port, webhook.port);
});

test.afterAll(async () => {
  // A deploy still running (a test failed mid-way) stops, as when its service stops.
  const lock = root ? path.join(root, ".deploy.lock") : "";
  if (lock && existsSync(lock)) {
    try {
      process.kill(Number(readFileSync(lock, "utf8")), "SIGTERM");
    } catch {
      // gone meanwhile
    }
  }
  await nginx?.stop();
  await webhook?.stop();
  await holder?.stop();
  await git?.stop();
  await smtp?.close();
  // The releases, the clone and the repository: runs before this removal left them in the
  // temporary folder.
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

const deployLog = () => {
  try {
    return readFileSync(path.join(root, "deploy.log"), "utf8");
  } catch {
    return "";
  }
};
const deployRunning = () => existsSync(path.join(root, ".deploy.lock"));

test("a signed push is built and switched to with no failed request; every language shows it", async () => {
  expect((await health()).release?.commit).toBe(commits.a);
  // The owner's save: the home page's title, in each language.
  for (const lang of languages)
    editJson(`content/locales/${lang}/home.json`, (home) => {
      home.hero.title = `${home.hero.title} ${marker}`;
    });
  commits.b = commitAll("Home title");

  const load = startLoad();
  firstHook = push("github", { branch: "main", commit: commits.b }, secret);
  const answer = await sendHook("github", firstHook);
  expect(answer.status, answer.body).toBe(200);
  expect(answer.body).toContain(`Publishing ${commits.b}`);
  await eventually(async () => (await health()).release?.commit === commits.b, 6 * 60_000).catch(
    (error: unknown) => {
      throw new Error(`not published (${String(error)}):\n${deployLog()}\n${holder.output()}`);
    },
  );
  // A little longer under load on the new release, then the figures.
  await load.more(40);
  const result = await load.stop();
  console.log(
    `deploy under load: ${result.requests} requests, ${result.failures.length} failed, ` +
      `${result.messages.length} messages accepted, slowest answer ${Math.round(result.slowestMs)} ms`,
  );
  expect(result.failures).toEqual([]);
  expect(result.requests).toBeGreaterThan(100);
  // No message lost: each one answered 200 is in the database.
  const stored = new Set((await readMessages(databasePath)).map((row) => row.name));
  expect(result.messages.filter((name) => !stored.has(name))).toEqual([]);

  for (const lang of languages) {
    const page = await call("GET", home(lang));
    expect(page.status).toBe(200);
    expect(page.body).toContain(marker);
  }
  // The deploy's log names the live release.
  expect(deployLog()).toMatch(new RegExp(`"commit":"${commits.b}"[^\n]*"msg":"live release"`));
  await eventually(() => !deployRunning(), 30_000);
});

test("unsigned, wrongly signed and replayed hooks, and other branches, run nothing", async () => {
  const before = { folders: releaseFolders(), log: deployLog() };
  const refused = [
    await sendHook("github", push("github", { branch: "main", commit: commits.b }, undefined)),
    await sendHook(
      "github",
      push("github", { branch: "main", commit: commits.b }, "not-the-secret-0123"),
    ),
    await sendHook("github", push("github", { branch: "other", commit: commits.b }, secret)),
    // The first push again, byte for byte (its delivery id included).
    await sendHook("github", firstHook),
  ];
  for (const answer of refused) expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
  // More than a few from one address within a minute: nginx refuses them before the runner.
  const flood = [];
  for (let i = 0; i < 8; i++)
    flood.push(
      (
        await sendHook(
          "github",
          push("github", { branch: "main", commit: commits.b }, undefined),
          "127.0.0.9",
        )
      ).status,
    );
  expect(flood.slice(0, 6)).toEqual(Array(6).fill(403));
  expect(flood.slice(6)).toEqual([429, 429]);
  expect(refused[3]!.body).toContain("a replay");
  expect(releaseFolders()).toEqual(before.folders);
  expect(deployLog()).toBe(before.log);
  expect((await health()).release?.commit).toBe(commits.b);

  // Forgejo's signature and GitLab's token are taken; the commit is live, so nothing is built.
  for (const host of ["forgejo", "gitlab"] as const) {
    const seen = deployLog().split("is live already").length;
    const answer = await sendHook(host, push(host, { branch: "main", commit: commits.b }, secret));
    expect(answer.status, answer.body).toBe(200);
    await eventually(() => deployLog().split("is live already").length > seen, 30_000);
    await eventually(() => !deployRunning(), 30_000);
    const wrong = await sendHook(
      host,
      push(host, { branch: "main", commit: commits.b }, "x".repeat(20)),
    );
    expect(wrong.status).toBeGreaterThanOrEqual(400);
  }
  expect(releaseFolders()).toEqual(before.folders);
});

test("a broken save leaves the site as it was and tells the owner the file and the field", async () => {
  editJson("content/locales/en/home.json", (home) => {
    delete home.hero.subtitle;
  });
  const article = "content/insights/where-to-start-automating/index.es.md";
  const text = readFileSync(path.join(work, article), "utf8");
  writeFileSync(path.join(work, article), text.replace(/^date: .*$/m, "date: el martes"));
  commits.c = commitAll("Broken");
  const before = releaseFolders();

  const answer = await sendHook(
    "github",
    push("github", { branch: "main", commit: commits.c }, secret),
  );
  expect(answer.status, answer.body).toBe(200);
  const mail = await eventually(
    () => smtp.received.find((m) => m.headers["subject"]?.includes("no se ha actualizado")),
    3 * 60_000,
  );
  expect(mail.envelope.to).toEqual(["owner@example.com"]);
  expect(mail.headers["subject"]).toContain(commits.c.slice(0, 12));
  // In the owner's language (Spanish), named as the content's mistake, not the server's.
  expect(mail.headers["subject"]).toContain("su contenido tiene errores, un error del contenido");
  expect(mail.text).toContain("Corrígelo en el editor (/admin)");
  expect(mail.text).not.toContain("fallo del servidor");
  expect(mail.text).toContain(commits.c);
  expect(mail.text).toContain("content/locales/en/home.json hero.subtitle: missing");
  expect(mail.text).toMatch(
    /where-to-start-automating\/index\.es\.md: invalid front matter\n\s+date:/,
  );
  expect(mail.text).toContain(`commit ${commits.b}`);

  await eventually(() => !deployRunning(), 30_000);
  expect(releaseFolders()).toEqual(before);
  expect((await health()).release?.commit).toBe(commits.b);
  expect((await call("GET", "/en")).body).toContain(marker);
});

test("a newer commit arriving mid-build wins: the older build is abandoned", async () => {
  // Commit D mends commit C; its install waits (a marker file) until commit E arrives.
  run(work, "git", "checkout", "-q", commits.b, "--", "content");
  const d = commitAll("Mended");
  const slow = path.join(dir, "slow-install");
  writeFileSync(slow, "");
  const env = {
    ...process.env,
    ...deployEnv,
    DEPLOY_INSTALL_COMMAND: `if [ -e "${slow}" ]; then rm "${slow}"; sleep 120; fi; ${deployEnv.DEPLOY_INSTALL_COMMAND}`,
  };
  const deploy = (commit: string) =>
    promisify(execFile)(process.execPath, ["scripts/deploy.ts", commit], {
      cwd: path.join(root, "current"),
      env,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  const first = deploy(d);
  await eventually(() => !existsSync(slow), 60_000);
  expect(releaseFolders().some((name) => name.endsWith(d.slice(0, 12)))).toBe(true);

  // Commit E (a catalogue without a key) arrives while D installs.
  editJson("content/locales/ca/home.json", (home) => {
    delete home.hero.subtitle;
  });
  const e = commitAll("Broken again");
  const second = await deploy(e);
  expect(second.code).toBe(0);
  expect(second.stdout).toContain("a deploy is running");

  const { code, stdout } = await first;
  expect(stdout).toMatch(
    new RegExp(`"commit":"${d}"[^\\n]*a newer commit arrived: this build is abandoned`),
  );
  expect(code).toBe(1);
  const mail = await eventually(() =>
    smtp.received.find((m) => m.headers["subject"]?.includes(e.slice(0, 12))),
  );
  expect(mail.text).toContain("content/locales/ca/home.json hero.subtitle: missing");
  expect(
    releaseFolders().filter(
      (name) => name.endsWith(d.slice(0, 12)) || name.endsWith(e.slice(0, 12)),
    ),
  ).toEqual([]);
  expect((await health()).release?.commit).toBe(commits.b);
});

test("a save the server cannot install is reported as the server's fault, not the content's", async () => {
  // A sound commit; the machine lacks the installer (a missing program: the shell's exit 127).
  run(work, "git", "checkout", "-q", commits.b, "--", "content");
  const f = commitAll("Mended again");
  const before = releaseFolders();
  const { code } = await promisify(execFile)(process.execPath, ["scripts/deploy.ts", f], {
    cwd: path.join(root, "current"),
    env: { ...process.env, ...deployEnv, DEPLOY_INSTALL_COMMAND: "no-such-installer ci" },
  }).then(
    () => ({ code: 0 }),
    (error: { code: number }) => ({ code: error.code }),
  );
  expect(code).toBe(1);
  const mail = await eventually(() =>
    smtp.received.find((m) => m.headers["subject"]?.includes(f.slice(0, 12))),
  );
  expect(mail.headers["subject"]).toContain(
    "no se han podido instalar sus dependencias, un fallo del servidor",
  );
  expect(mail.text).toContain("Es un fallo del servidor, no de tu contenido");
  expect(mail.text).toContain("Reenvía este correo a quien mantiene el servidor");
  expect(mail.text).not.toContain("/admin");
  expect(mail.text).toContain("no-such-installer");
  expect(releaseFolders()).toEqual(before);
  expect((await health()).release?.commit).toBe(commits.b);
});

test("--rollback goes back one release with no failed request", async () => {
  const load = startLoad();
  // Asynchronously: the load's clients run in this process meanwhile.
  const { stdout: rollback } = await promisify(execFile)(
    process.execPath,
    ["scripts/deploy.ts", "--rollback"],
    { cwd: path.join(root, "current"), env: { ...process.env, ...deployEnv } },
  );
  expect(rollback).toContain(`commit ${commits.a}`);
  // A little longer under load on the release gone back to.
  await load.more(40);
  const result = await load.stop();
  console.log(
    `rollback under load: ${result.requests} requests, ${result.failures.length} failed, ` +
      `${result.messages.length} messages accepted, slowest answer ${Math.round(result.slowestMs)} ms`,
  );
  expect(result.failures).toEqual([]);
  expect(result.requests).toBeGreaterThan(20);
  const stored = new Set((await readMessages(databasePath)).map((row) => row.name));
  expect(result.messages.filter((name) => !stored.has(name))).toEqual([]);
  expect((await health()).release?.commit).toBe(commits.a);
  expect((await call("GET", "/en")).body).not.toContain(marker);
});
