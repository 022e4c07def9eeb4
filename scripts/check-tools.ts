// The system tools `npm test` needs (Debian packages), checked first so that a missing one is
// dealt with at once, not minutes later in a test. Like `playwright install-deps`, it installs
// the missing packages when it can without asking for anything (as root, or through sudo
// without a password), saying what it installs; otherwise it prints the one command to run.
//   node scripts/check-tools.ts
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

type Tool = { name: string; debianPackage: string; present: () => boolean; usedBy: string };

/** Where Debian's packages put programs (sbin too, which an ordinary user's PATH lacks). */
const programDirs = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"];

function onPath(program: string): boolean {
  return programDirs.some((dir) => existsSync(path.join(dir, program)));
}

const postgresRoot = "/usr/lib/postgresql";
/** Debian's headers-more module for nginx (libnginx-mod-http-headers-more-filter). */
export const headersMoreModule = "/usr/lib/nginx/modules/ngx_http_headers_more_filter_module.so";

const tools: Tool[] = [
  {
    name: "Chromium (/usr/bin/chromium)",
    debianPackage: "chromium",
    present: () => existsSync("/usr/bin/chromium"),
    usedBy: "the back/forward cache and prerendering tests, the bench and the screenshots",
  },
  {
    name: "Chromium's headless shell (/usr/bin/chromium-headless-shell)",
    debianPackage: "chromium-headless-shell",
    present: () => existsSync("/usr/bin/chromium-headless-shell"),
    usedBy: "the browser tests",
  },
  {
    name: "Noto Color Emoji (/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf)",
    debianPackage: "fonts-noto-color-emoji",
    present: () => existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    usedBy: "the design test of the services' emoji on their plates, and the screenshots",
  },
  {
    name: `PostgreSQL server (${postgresRoot}/*/bin/initdb)`,
    debianPackage: "postgresql",
    present: () =>
      existsSync(postgresRoot) &&
      readdirSync(postgresRoot).some((version) =>
        existsSync(path.join(postgresRoot, version, "bin", "initdb")),
      ),
    usedBy: "the contact tests on PostgreSQL",
  },
  {
    name: "nginx",
    debianPackage: "nginx",
    present: () => onPath("nginx"),
    usedBy: "the TLS proxy tests",
  },
  {
    name: "nginx's headers-more module",
    debianPackage: "libnginx-mod-http-headers-more-filter",
    present: () => existsSync(headersMoreModule),
    usedBy: "deploy/nginx.conf in the TLS proxy tests (it leaves out the Server header)",
  },
  {
    name: "openssl",
    debianPackage: "openssl",
    present: () => onPath("openssl"),
    usedBy: "the TLS proxy tests' certificate",
  },
  {
    name: "podman",
    debianPackage: "podman",
    present: () => onPath("podman"),
    usedBy: "the container image test",
  },
  {
    name: "runc (/usr/sbin/runc)",
    debianPackage: "runc",
    present: () => existsSync("/usr/sbin/runc"),
    usedBy: "the container image test",
  },
  {
    name: "mmdebstrap",
    debianPackage: "mmdebstrap",
    present: () => onPath("mmdebstrap"),
    usedBy: "the container image test's stand-in base image",
  },
  {
    name: "git (with git daemon)",
    debianPackage: "git",
    present: () => onPath("git"),
    usedBy: "the deploy test's git server",
  },
  {
    name: "webhook (/usr/bin/webhook)",
    debianPackage: "webhook",
    present: () => existsSync("/usr/bin/webhook"),
    usedBy: "the deploy hooks (deploy/hooks.json) in the deploy test",
  },
  {
    name: "systemd-socket-activate",
    debianPackage: "systemd",
    present: () => onPath("systemd-socket-activate"),
    usedBy: "the deploy test's socket held across restarts (deploy/site.socket)",
  },
  {
    name: "rsync",
    debianPackage: "rsync",
    present: () => onPath("rsync"),
    usedBy: "the backup test's copy off the machine",
  },
  {
    name: "java",
    debianPackage: "default-jre-headless",
    present: () => onPath("java"),
    usedBy: "the Nu Html Checker",
  },
];

/** One line per missing tool, saying what needs it and which package brings it. */
export function missingToolLines(list: Tool[] = tools): string[] {
  return list
    .filter((tool) => !tool.present())
    .map(
      (tool) => `${tool.name} is missing (${tool.usedBy}): Debian package ${tool.debianPackage}`,
    );
}

/** What this machine allows: who runs the tests, and how packages could be installed. */
export type Machine = { root: boolean; sudoWithoutPassword: boolean; aptGet: boolean };

export type InstallPlan =
  | { kind: "nothing" }
  /** Commands to run, in order, each as its program and arguments. */
  | { kind: "install"; commands: [string, ...string[]][] }
  /** It cannot install: the one command a person runs (or, off Debian, what to install). */
  | { kind: "ask"; instruction: string };

/**
 * How the missing packages get installed: by apt-get as root, by `sudo -n` (never a prompt:
 * the tests may run unattended), or by a person who is told the one command.
 */
export function installPlan(packages: string[], machine: Machine): InstallPlan {
  const unique = [...new Set(packages)].sort();
  if (unique.length === 0) return { kind: "nothing" };
  const install = ["apt-get", "install", "-y", "-q", ...unique];
  if (!machine.aptGet) {
    return {
      kind: "ask",
      instruction: `Install these Debian packages, or their equivalents on this system: ${unique.join(" ")}`,
    };
  }
  // debconf asks no question; the lists are refreshed first (a fresh machine has none).
  const quiet = ["env", "DEBIAN_FRONTEND=noninteractive"] as const;
  if (machine.root) {
    return {
      kind: "install",
      commands: [
        ["apt-get", "update", "-q"],
        [...quiet, ...install],
      ],
    };
  }
  if (machine.sudoWithoutPassword) {
    return {
      kind: "install",
      commands: [
        ["sudo", "-n", "apt-get", "update", "-q"],
        ["sudo", "-n", ...quiet, ...install],
      ],
    };
  }
  return {
    kind: "ask",
    instruction: `Run: sudo apt-get update && sudo apt-get install -y ${unique.join(" ")}`,
  };
}

function thisMachine(): Machine {
  const root = process.getuid?.() === 0;
  return {
    root,
    // `-n`: fails instead of asking for a password.
    sudoWithoutPassword:
      !root &&
      onPath("sudo") &&
      spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0,
    aptGet: onPath("apt-get"),
  };
}

if (import.meta.main) {
  const missing = tools.filter((tool) => !tool.present());
  const plan = installPlan(
    missing.map((tool) => tool.debianPackage),
    thisMachine(),
  );
  if (plan.kind !== "nothing") console.error(missingToolLines(missing).join("\n"));
  if (plan.kind === "ask") {
    console.error(plan.instruction);
    process.exit(1);
  }
  if (plan.kind === "install") {
    for (const [program, ...args] of plan.commands) {
      console.error(`Installing what the tests need: ${[program, ...args].join(" ")}`);
      const { status } = spawnSync(program, args, { stdio: "inherit" });
      if (status !== 0) {
        console.error(`That failed (exit ${status}): run it yourself, then npm test again.`);
        process.exit(1);
      }
    }
    const still = missingToolLines();
    if (still.length) {
      console.error(`Still missing after the install:\n${still.join("\n")}`);
      process.exit(1);
    }
  }
}
