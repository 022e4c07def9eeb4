// The systemd units, polkit rule and nginx upstreams of the release host (deploy/), checked
// where systemd cannot run them (these machines do not boot with systemd): systemd's own
// checker, who may write what, and the polkit rule's JavaScript run against the requests the
// deploy makes. The deploy itself runs in tests/e2e/deploy.spec.ts.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { runInNewContext } from "node:vm";
import { expect, test } from "@playwright/test";
import { parseSettings } from "#app/config/settings.server.ts";

const unit = (name: string) => readFileSync(path.join("deploy", name), "utf8");
const values = (text: string, key: string) =>
  [...text.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1]);

test("systemd's checker finds nothing wrong with the units", () => {
  // A template is checked through an instance of it, named as the deploy names releases.
  const dir = mkdtempSync(path.join(tmpdir(), "site-units-"));
  const units = [
    "site.socket",
    "site.service",
    "site-hooks.service",
    "site-backup.service",
    "site-backup.timer",
  ];
  for (const name of [...units, "site-migrate@.service"])
    copyFileSync(path.join("deploy", name), path.join(dir, name));
  const verify = spawnSync(
    "systemd-analyze",
    [
      "verify",
      ...units.map((name) => path.join(dir, name)),
      path.join(dir, "site-migrate@20261126T191500Z-0123456789ab.service"),
    ],
    { encoding: "utf8" },
  );
  expect(verify.stderr).toBe("");
  expect(verify.status).toBe(0);
});

test("the site never writes its code; the deploy writes only the releases", () => {
  const site = unit("site.service");
  expect(values(site, "User")).toEqual(["site"]);
  expect(values(site, "ProtectSystem")).toEqual(["strict"]);
  expect(values(site, "ReadWritePaths")).toEqual(["/var/lib/site"]);
  expect(values(site, "ReadOnlyPaths")).toEqual(["/srv/site"]);
  expect(values(site, "WorkingDirectory")).toEqual(["/srv/site/releases/current"]);
  expect(values(site, "Requires")).toEqual(["site.socket"]);

  const migrate = unit("site-migrate@.service");
  expect(values(migrate, "User")).toEqual(["site"]);
  expect(values(migrate, "ReadWritePaths")).toEqual(["/var/lib/site"]);
  expect(values(migrate, "WorkingDirectory")).toEqual(["/srv/site/releases/%i"]);

  // The backup reads the database as the site's user and writes only beside it.
  const backup = unit("site-backup.service");
  expect(values(backup, "User")).toEqual(["site"]);
  expect(values(backup, "ProtectSystem")).toEqual(["strict"]);
  expect(values(backup, "ReadWritePaths")).toEqual(["/var/lib/site"]);
  expect(values(backup, "ReadOnlyPaths")).toEqual(["/srv/site"]);
  expect(values(backup, "WorkingDirectory")).toEqual(["/srv/site/releases/current"]);
  expect(values(backup, "ExecStart")).toEqual([
    "/usr/bin/node --env-file=deploy/node-options.env scripts/backup.ts",
  ]);
  // The same database as the site's, and its copies in the one folder it may write.
  const environment = (text: string) => values(text, "Environment").join(" ").split(" ");
  const databasePath = environment(site).find((entry) => entry.startsWith("DATABASE_PATH="));
  expect(environment(backup)).toContain(databasePath);
  expect(environment(backup)).toContain("BACKUP_DIR=/var/lib/site/backups");
  expect(values(backup, "EnvironmentFile")).toEqual(values(site, "EnvironmentFile"));

  const hooks = unit("site-hooks.service");
  expect(values(hooks, "User")).toEqual(["deploy"]);
  expect(values(hooks, "ProtectSystem")).toEqual(["strict"]);
  expect(values(hooks, "ReadWritePaths")).toEqual(["/srv/site/releases"]);
  expect(values(hooks, "NoNewPrivileges")).toEqual(["yes"]);
});

test("the timer starts the backup every night and catches up on a night the machine was off", () => {
  const timer = unit("site-backup.timer");
  // A timer starts the service of its own name unless it says otherwise.
  expect(values(timer, "Unit")).toEqual([]);
  expect(values(timer, "OnCalendar")).toEqual(["*-*-* 03:30:00"]);
  expect(values(timer, "Persistent")).toEqual(["true"]);
  expect(values(timer, "WantedBy")).toEqual(["timers.target"]);
  const next = spawnSync("systemd-analyze", ["calendar", "--iterations=2", "*-*-* 03:30:00"], {
    encoding: "utf8",
    env: { ...process.env, TZ: "UTC" },
  });
  expect(next.status).toBe(0);
  // Two runs a day apart.
  const runs = [...next.stdout.matchAll(/(?:Next elapse|Iter\. #2): \w+ (\S+ \S+) UTC/g)].map(
    (match) => Date.parse(`${match[1]!.replace(" ", "T")}Z`),
  );
  expect(runs).toHaveLength(2);
  expect(runs[1]! - runs[0]!).toBe(24 * 3600 * 1000);
});

test("the guide's settings file, made from .env.example, parses and leaves the units their settings", () => {
  // Step 5 of docs/operations.md ("A single server"), its commands as written, on a copy.
  const guide = readFileSync("docs/operations.md", "utf8");
  const commands = [
    ...guide.matchAll(/^sed -i -E (?:[^\n]*\\\n)*[^\n]*\/etc\/site\/site\.env$/gm),
  ].map((match) => match[0]);
  expect(commands).toHaveLength(2);
  const dir = mkdtempSync(path.join(tmpdir(), "site-env-"));
  const file = path.join(dir, "site.env");
  copyFileSync(".env.example", file);
  const script = commands.join("\n").replaceAll("/etc/site/site.env", file);
  const result = spawnSync("bash", ["-euc", script], {
    encoding: "utf8",
    env: { ...process.env, DOMAIN: "www.your.domain" },
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);

  const env = parseEnv(readFileSync(file, "utf8"));
  // What the units set themselves is not overridden by the file systemd reads after them.
  const setByUnits = ["site.service", "site-migrate@.service", "site-backup.service"].flatMap(
    (name) =>
      values(unit(name), "Environment")
        .join(" ")
        .split(" ")
        .map((entry) => entry.split("=")[0]),
  );
  for (const name of [...setByUnits, "LISTEN_FDS", "LISTEN_PID"]) {
    if (name !== "NODE_ENV") expect(Object.keys(env), name).not.toContain(name);
  }
  const settings = parseSettings(env);
  expect(settings.build.SITE_URL).toBe("https://www.your.domain");
  expect(settings.server.TRUST_PROXY).toBe("127.0.0.1");
  expect(settings.health.HEALTH_TOKEN).toMatch(/^[0-9a-f]{64}$/);
});

test("the guide installs the Node.js the project runs on", () => {
  const guide = readFileSync("docs/operations.md", "utf8");
  const { devDependencies } = JSON.parse(readFileSync("package.json", "utf8")) as {
    devDependencies: Record<string, string>;
  };
  expect(guide).toContain(`NODE_VERSION=v${devDependencies["node"]} `);
});

test("nginx reaches the socket systemd holds and the hooks' runner on loopback", () => {
  const nginx = unit("nginx.conf");
  const [listen] = values(unit("site.socket"), "ListenStream");
  expect(listen).toBe("127.0.0.1:3000");
  expect(nginx).toContain(`server ${listen};`);
  const [execStart] = values(unit("site-hooks.service"), "ExecStart");
  expect(execStart).toContain("-ip 127.0.0.1 -port 9000");
  expect(nginx).toContain("server 127.0.0.1:9000;");
  expect(nginx).toMatch(/location \/hooks\/ \{\s+limit_req zone=site_hooks/);
});

test("polkit lets the deploy restart the site and migrate a release, and nothing else", () => {
  const rules: ((action: unknown, subject: unknown) => unknown)[] = [];
  const YES = "yes";
  runInNewContext(unit("site-deploy.rules"), {
    polkit: { addRule: (rule: (typeof rules)[number]) => rules.push(rule), Result: { YES } },
  });
  const ask = (
    user: string,
    verb: string,
    unitName: string,
    id = "org.freedesktop.systemd1.manage-units",
  ) =>
    rules.map((rule) =>
      rule({ id, lookup: (key: string) => ({ unit: unitName, verb })[key] }, { user }),
    )[0];
  expect(ask("deploy", "restart", "site.service")).toBe(YES);
  expect(ask("deploy", "start", "site-migrate@20261126T191500Z-0123456789ab.service")).toBe(YES);
  expect(ask("deploy", "stop", "site.service")).toBeUndefined();
  expect(ask("deploy", "restart", "ssh.service")).toBeUndefined();
  expect(ask("deploy", "start", "site-migrate@../../etc.service")).toBeUndefined();
  expect(ask("site", "restart", "site.service")).toBeUndefined();
  expect(ask("deploy", "restart", "site.service", "org.freedesktop.login1.reboot")).toBeUndefined();
});
