import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Podman as the tests run it (see "Containers" in the stack notes): Debian's runc, since crun
 * fails on these machines, and a containers.conf of the tests' own without default ulimits,
 * which the machines refuse.
 */
const podmanEnv = { CONTAINERS_CONF: path.resolve("tests/support/containers.conf") };
const podmanGlobalArgs = ["--runtime", "/usr/sbin/runc"];

export type Result = { code: number | null; stdout: string; stderr: string };

type RunOptions = {
  /** Fail unless the command exits 0 (default true). */
  check?: boolean;
  timeoutMs?: number;
};

const running = new Set<ChildProcess>();

/** Runs a program to its end without blocking the test process; SIGKILL after `timeoutMs`. */
export function run(program: string, args: string[], options: RunOptions = {}): Promise<Result> {
  const { check = true, timeoutMs = 120_000 } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...(program === "podman" ? podmanEnv : {}) },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    running.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      running.delete(child);
      const result = { code, stdout, stderr };
      if (check && code !== 0) {
        const how = signal ? `was killed (${signal})` : `exited with ${code}`;
        reject(new Error(`${program} ${args.join(" ")} ${how}:\n${stdout}\n${stderr}`));
      } else {
        resolve(result);
      }
    });
  });
}

export const podman = (args: string[], options?: RunOptions) =>
  run("podman", [...podmanGlobalArgs, ...args], options);

/**
 * The Node version the Dockerfile builds FROM (`ARG NODE_VERSION`). It must be the project's
 * `node` dev dependency, the binary the stand-in base is made of and every test runs on.
 */
function imageNodeVersion(): string {
  const version = /^ARG NODE_VERSION=(\S+)$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
  const devNode = (
    JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> }
  ).devDependencies["node"];
  if (!version || version !== devNode)
    throw new Error(`Dockerfile NODE_VERSION ${version} is not the node dev dependency ${devNode}`);
  return version;
}

/** Where npm's own package lives (npm-cli.js is `<package>/bin/npm-cli.js`). */
function npmPackageDir(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "npm");
    if (!dir || !existsSync(candidate)) continue;
    const packageDir = path.dirname(path.dirname(realpathSync(candidate)));
    if (existsSync(path.join(packageDir, "bin", "npm-cli.js"))) return packageDir;
  }
  throw new Error("npm not found on PATH");
}

/**
 * The base image the Dockerfile names, `node:<version>-bookworm-slim`, cannot be pulled on
 * these machines (no registry but npm and Debian). This makes a STAND-IN with that tag that
 * behaves like it for the Dockerfile: Debian bookworm (mmdebstrap, minbase), the project's
 * own Node binary and the machine's npm in /usr/local, a `node` user and group with id 1000,
 * and the machine's certificate authorities for npm (NODE_EXTRA_CA_CERTS; the build's `npm ci`
 * reaches the registry through this machine's network). An image with the tag already there
 * (the stand-in of an earlier run, or the real one) is used as it is. mmdebstrap rather than
 * debootstrap: it downloads the packages with apt, in parallel, and made the base in 24 s where
 * debootstrap took 74 s on the same machine (minutes on a fresh one).
 */
export async function ensureStandInBase(): Promise<{ tag: string; created: boolean }> {
  const version = imageNodeVersion();
  const tag = `docker.io/library/node:${version}-bookworm-slim`;
  if ((await podman(["image", "exists", tag], { check: false })).code === 0)
    return { tag, created: false };

  const nodeBinary = realpathSync("node_modules/node/bin/node");
  const reported = (await run(nodeBinary, ["--version"])).stdout.trim();
  if (reported !== `v${version}`) throw new Error(`${nodeBinary} is ${reported}, not v${version}`);

  const dir = mkdtempSync(path.join(tmpdir(), "site-base-"));
  const rootfs = path.join(dir, "rootfs");
  try {
    await run(
      "mmdebstrap",
      ["--variant=minbase", "--mode=root", "bookworm", rootfs, "http://deb.debian.org/debian"],
      { timeoutMs: 300_000 },
    );
    // Laid out as the official image has them.
    const local = path.join(rootfs, "usr/local");
    mkdirSync(path.join(local, "bin"), { recursive: true });
    copyFileSync(nodeBinary, path.join(local, "bin/node"));
    chmodSync(path.join(local, "bin/node"), 0o755);
    cpSync(npmPackageDir(), path.join(local, "lib/node_modules/npm"), {
      recursive: true,
      verbatimSymlinks: true,
    });
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(local, "bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(local, "bin/npx"));
    await run("chroot", [rootfs, "groupadd", "--gid", "1000", "node"]);
    await run("chroot", [
      rootfs,
      ...["useradd", "--uid", "1000", "--gid", "node", "--shell", "/bin/bash"],
      ...["--create-home", "node"],
    ]);
    const caBundle = "/etc/ssl/certs/ca-certificates.crt";
    mkdirSync(path.join(rootfs, path.dirname(caBundle)), { recursive: true });
    copyFileSync(caBundle, path.join(rootfs, caBundle));
    // Slim images carry no package lists or downloaded packages.
    for (const leftover of ["var/lib/apt/lists", "var/cache/apt"]) {
      rmSync(path.join(rootfs, leftover), { recursive: true, force: true });
      mkdirSync(path.join(rootfs, leftover));
    }
    const archive = path.join(dir, "rootfs.tar");
    await run("tar", ["-C", rootfs, "-cf", archive, "."], { timeoutMs: 120_000 });
    await podman([
      "import",
      ...["--change", "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"],
      ...["--change", `ENV NODE_VERSION=${version}`],
      ...["--change", `ENV NODE_EXTRA_CA_CERTS=${caBundle}`],
      ...["--change", "LABEL stand-in=mmdebstrap-bookworm-minbase-with-project-node"],
      ...["--change", 'CMD ["node"]'],
      archive,
      tag,
    ]);
    return { tag, created: true };
  } finally {
    // An interrupted mmdebstrap leaves /proc and /sys mounted in the new system.
    const mounts = readFileSync("/proc/mounts", "utf8")
      .split("\n")
      .map((line) => line.split(" ")[1] ?? "")
      .filter((mount) => mount.startsWith(`${realpathSync(dir)}/`))
      .reverse();
    for (const mount of mounts) await run("umount", ["--lazy", mount], { check: false });
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The image the tests build from the Dockerfile, one tag per checkout, so that test runs in
 * other checkouts do not take it away. The newest one keeps its tag between runs, as the build
 * cache of the next (with it, the layers of its stages stay too); the one it replaces is removed.
 */
const testImageTag = `localhost/isla-digital-e2e:${createHash("sha256")
  .update(process.cwd())
  .digest("hex")
  .slice(0, 12)}`;

/** This process's hard limit of open files (Node has no getrlimit). */
function openFilesHardLimit(): string {
  const limit = /^Max open files\s+\S+\s+(\d+)/m.exec(
    readFileSync("/proc/self/limits", "utf8"),
  )?.[1];
  if (!limit) throw new Error("No open files limit in /proc/self/limits");
  return limit;
}

/** `podman build` of the project's Dockerfile on the stand-in base: the image id, the build's output. */
export async function buildImage(): Promise<{ id: string; output: string }> {
  const idOf = async (tag: string) =>
    (
      await podman(["image", "inspect", "--format", "{{.Id}}", tag], { check: false })
    ).stdout.trim();
  const previous = await idOf(testImageTag);
  const openFiles = openFilesHardLimit();
  const dir = mkdtempSync(path.join(tmpdir(), "site-build-"));
  try {
    const idFile = path.join(dir, "id");
    const build = await podman(
      [
        "build",
        // The stand-in base is local; nothing can be pulled.
        "--pull=never",
        // npm ci and apt-get reach the registries through this machine's network.
        ...["--network", "host"],
        // The OCI format drops HEALTHCHECK.
        ...["--format", "docker"],
        // Without default ulimits, a build step gets 1024 open files, and npm ci reading a full
        // download cache ran out of them now and then (EMFILE). Docker's own default is far
        // higher; this machine's hard limit is as high as a step can be given here.
        ...["--ulimit", `nofile=${openFiles}:${openFiles}`],
        "--layers",
        ...["--iidfile", idFile, "--tag", testImageTag, "."],
      ],
      { timeoutMs: 1_200_000 },
    );
    const id = readFileSync(idFile, "utf8")
      .trim()
      .replace(/^sha256:/, "");
    if (previous && previous !== id) await podman(["rmi", previous], { check: false });
    return { id, output: build.stdout + build.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A name no other run uses, for a container or a volume. */
export const uniqueName = (prefix: string) =>
  `${prefix}-${process.pid}-${randomBytes(4).toString("hex")}`;

/**
 * Ends what a test left behind, as after a timeout: programs still running (SIGTERM, so Podman
 * cleans up after itself), then the containers and volumes, whatever their state; never throws.
 */
export async function cleanUp(containers: string[], volumes: string[] = []) {
  await Promise.all(
    [...running].map((child) => {
      const closed = new Promise((resolve) => child.once("close", resolve));
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      return closed;
    }),
  );
  for (const name of containers)
    await podman(["rm", "--force", "--time", "0", name], { check: false });
  for (const name of volumes) await podman(["volume", "rm", "--force", name], { check: false });
}
