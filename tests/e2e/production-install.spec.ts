// No container engine runs on the test machines, so this performs the Dockerfile's own steps:
// the runtime stage's files copied into a clean folder, the `deps` stage's production-only
// install there, then the image's CMD and HEALTHCHECK run with the image's environment.
// It proves the server, the inbox and the go-live check need no dev dependency.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { eventually, freePort } from "../support/site";

type Instruction = { name: string; args: string };
type Stage = { name: string; image: string; instructions: Instruction[] };

/** The Dockerfile as stages of instructions (continuations joined, comments dropped). */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, name = "", rest = ""] = line.match(/^(\w+)\s+(.*)$/) ?? [];
    const instruction = { name: name.toUpperCase(), args: rest.replace(/\s+/g, " ") };
    if (instruction.name === "FROM") {
      const [image = "", , stageName = ""] = instruction.args.split(" ");
      stages.push({
        name: stageName,
        image: image.replace(/\$\{(\w+)\}/g, (_, key: string) => args[key] ?? ""),
        instructions: [],
      });
    } else if (instruction.name === "ARG" && stages.length === 0) {
      const [key = "", value = ""] = instruction.args.split("=");
      args[key] = value;
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { args, stages };
}

const dockerfile = parseDockerfile(readFileSync("Dockerfile", "utf8"));
const runtime = dockerfile.stages.at(-1)!;
const stage = (name: string) => dockerfile.stages.find((s) => s.name === name)!;
const all = (s: Stage, name: string) => s.instructions.filter((i) => i.name === name);
const one = (s: Stage, name: string) => all(s, name).at(-1)?.args ?? "";
const json = (args: string) => JSON.parse(args) as string[];

/** `ENV A=1 B="x y"` as an object. */
function envOf(s: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of all(s, "ENV")) {
    for (const [, key = "", value = ""] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) {
      // Build arguments are not given here: `${ARG}` is empty, as in `docker build` without it.
      env[key] = value.replace(/^"|"$/g, "").replace(/\$\{\w+\}/g, "");
    }
  }
  return env;
}

/** This process's environment without what npm sets for the script that runs the tests. */
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")),
);

/** Performs a stage's COPY (from the build context) and RUN steps in `dir`. */
function runStage(s: Stage, dir: string) {
  for (const { name, args } of s.instructions) {
    if (name === "COPY") copy(args, process.cwd(), dir);
    if (name === "RUN")
      execFileSync("sh", ["-c", args], { cwd: dir, env: cleanEnv, stdio: "pipe" });
  }
}

/** `COPY a b dest/`: sources relative to `from`, destination relative to `to`. */
function copy(args: string, from: string, to: string) {
  const parts = args.split(" ").filter((part) => !part.startsWith("--"));
  const destination = parts.pop()!;
  for (const source of parts) {
    const target = destination.endsWith("/")
      ? path.join(to, destination, path.basename(source))
      : path.join(to, destination);
    cpSync(path.join(from, source), target, { recursive: true });
  }
}

test.describe("production install (the container image's steps)", () => {
  test.describe.configure({ timeout: 240_000 });

  test("the image follows the Node image conventions", () => {
    const devNode = (
      JSON.parse(readFileSync("package.json", "utf8")) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies["node"];
    // The image runs the Node version the project develops and tests on.
    expect(runtime.image).toBe(`node:${devNode}-bookworm-slim`);
    expect(dockerfile.stages.map((s) => s.name)).toEqual(["build", "deps", ""]);
    expect(one(runtime, "USER")).toBe("node");
    expect(json(one(runtime, "ENTRYPOINT"))).toEqual(["tini", "--"]);
    expect(one(runtime, "VOLUME")).toBe("/data");
    expect(envOf(runtime)).toMatchObject({ HOST: "0.0.0.0", DATABASE_PATH: "/data/site.db" });
    expect(one(stage("deps"), "RUN")).toMatch(/^npm ci --omit=dev\b/);
    // Secrets and local data never enter the build context.
    const ignored = readFileSync(".dockerignore", "utf8").split("\n");
    for (const entry of ["node_modules", ".env", "data", "*.db"]) expect(ignored).toContain(entry);
  });

  test("the systemd unit starts the server as the image does", () => {
    const unit = readFileSync("deploy/site.service", "utf8");
    const execStart = unit.match(/^ExecStart=(\S+) (.*)$/m);
    expect(execStart?.[2]?.split(" ")).toEqual(json(one(runtime, "CMD")).slice(1));
    for (const hardening of [
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/site",
      "User=site",
      "Restart=on-failure",
      "EnvironmentFile=/etc/site/site.env",
    ]) {
      expect(unit).toContain(hardening);
    }
    expect(unit).toContain("DATABASE_PATH=/var/lib/site/");
    // systemd's own checker, where the machine has it.
    const verify = spawnSync("systemd-analyze", ["verify", "deploy/site.service"], {
      encoding: "utf8",
    });
    if (verify.error) return;
    expect(verify.stderr).toBe("");
    expect(verify.status).toBe(0);
  });

  test("serves pages and stores a contact message with production dependencies only", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "site-image-"));
    // Module resolution walks up the folders: nothing above the clean folder may lend a package.
    expect(existsSync(path.join(tmpdir(), "node_modules"))).toBe(false);
    const deps = path.join(root, "deps");
    const app = path.join(root, "app");
    const data = path.join(root, "data");
    mkdirSync(deps);
    mkdirSync(app);
    mkdirSync(data);
    runStage(stage("deps"), deps);

    // The runtime stage: WORKDIR /app is `app`; the build stage's /app is this checkout, built.
    for (const { name, args } of runtime.instructions) {
      if (name !== "COPY") continue;
      const from = args.match(/--from=(\w+)/)?.[1];
      const source = from === "deps" ? deps : process.cwd();
      copy(args.replaceAll("/app/", ""), source, app);
    }
    const installed = path.join(app, "node_modules");
    for (const devOnly of ["vite", "@react-router/dev", "node", "typescript", "@playwright/test"]) {
      expect(existsSync(path.join(installed, devOnly)), devOnly).toBe(false);
    }

    const port = await freePort();
    // The image's environment; on the test machine the server binds loopback only.
    const env = {
      PATH: process.env["PATH"] ?? "",
      ...envOf(runtime),
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: path.join(data, "site.db"),
    };
    // `node` in the image is the project's Node 24, which runs this test too.
    const command = json(one(runtime, "CMD")).map((part) =>
      part === "node" ? process.execPath : part,
    );
    const server = spawn(command[0]!, command.slice(1), { cwd: app, env, stdio: "pipe" });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    try {
      const url = `http://127.0.0.1:${port}`;
      // The image's own health check, as the container engine runs it.
      const healthcheck = json(one(runtime, "HEALTHCHECK").replace(/^.*?CMD /, ""));
      await eventually(() => {
        if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
        const [program, ...args] = healthcheck.map((p) => (p === "node" ? process.execPath : p));
        return spawnSync(program!, args, { env }).status === 0;
      }, 30_000);

      for (const page of ["/", "/en/about", "/ca/contact"]) {
        const response = await fetch(url + page);
        expect(response.status, page).toBe(200);
        expect(await response.text()).toContain("<html");
      }
      const sent = await fetch(`${url}/api/contact?lang=es`, {
        method: "POST",
        headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Imagen",
          email: "imagen@example.org",
          message: "Mensaje desde la instalación de producción",
          elapsed: "9000",
        }),
      });
      expect(await sent.json()).toEqual({ status: "sent" });

      // The owner's inbox works in the image too, on the same database.
      const inbox = spawnSync(process.execPath, ["scripts/inbox.ts", "list", "--json"], {
        cwd: app,
        env,
        encoding: "utf8",
      });
      expect(inbox.stderr).toBe("");
      expect(JSON.parse(inbox.stdout)).toEqual([
        expect.objectContaining({
          name: "Imagen",
          message: "Mensaje desde la instalación de producción",
        }),
      ]);
      // The shipped example still carries placeholder facts: one warning, yet it serves.
      expect(output).toContain("not ready to go live");
      const check = spawnSync(process.execPath, ["scripts/check-launch.ts"], { cwd: app, env });
      expect(check.status).toBe(1);
    } finally {
      server.kill("SIGTERM");
    }
    // SIGTERM reaches the graceful shutdown.
    expect(await exited).toBe(0);
    rmSync(root, { recursive: true, force: true });
  });
});
