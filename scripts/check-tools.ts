// The system tools `npm test` needs (Debian packages; .ci/run installs them). Run first, so a
// missing one stops the tests at once with how to install it, not minutes later in a test.
//   node scripts/check-tools.ts
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

export const tools: Tool[] = [
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
    name: "java",
    debianPackage: "default-jre-headless",
    present: () => onPath("java"),
    usedBy: "the Nu Html Checker",
  },
];

/** One line per missing tool, saying how to install it; none when everything is there. */
export function missingToolLines(list: Tool[] = tools): string[] {
  return list
    .filter((tool) => !tool.present())
    .map(
      (tool) =>
        `${tool.name} is missing (${tool.usedBy}): apt-get install -y ${tool.debianPackage}`,
    );
}

if (import.meta.main) {
  const missing = missingToolLines();
  if (missing.length) {
    console.error(missing.join("\n"));
    process.exit(1);
  }
}
