import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { headersMoreModule } from "#scripts/check-tools.ts";
import { freePort } from "#tests/support/site.ts";

/**
 * The values deploy/nginx.conf is written with, and what the test puts in their place so
 * the one production file runs on loopback. Each must be found: a config that drifts from
 * the test fails here rather than testing something else.
 */
function localise(
  config: string,
  ports: { http: number; https: number; app: number; hooks: number },
  dir: string,
  webroot: string,
) {
  const substitutions: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen [::]:80;", ""],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["listen [::]:443 ssl http2;", ""],
    ["server_name www.example.com;", "server_name localhost;"],
    ["https://$server_name$request_uri", `https://$server_name:${ports.https}$request_uri`],
    ["/etc/letsencrypt/live/www.example.com/fullchain.pem", path.join(dir, "cert.pem")],
    ["/etc/letsencrypt/live/www.example.com/privkey.pem", path.join(dir, "key.pem")],
    ["/var/log/nginx/", `${dir}/`],
    ["root /var/www/html;", `root ${webroot};`],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${ports.app};`],
    ["server 127.0.0.1:9000;", `server 127.0.0.1:${ports.hooks};`],
  ];
  for (const [from, to] of substitutions) {
    if (!config.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    config = config.replaceAll(from, to);
  }
  return config;
}

/**
 * Debian's nginx with deploy/nginx.conf in front of a site on `appPort` (and the deploy hooks'
 * runner on `hooksPort`, where a test starts one), on 127.0.0.1 with a self-signed
 * certificate for `localhost` made here by openssl.
 */
export async function startNginx(
  appPort: number,
  hooksPort?: number,
  {
    hostRewriting = false,
  }: {
    /**
     * As many proxies do: `Host` rewritten to the upstream's address, the visitor's `Host` as
     * it came (no port on the default one) in X-Forwarded-Host.
     */
    hostRewriting?: boolean;
  } = {},
) {
  const dir = mkdtempSync(path.join(tmpdir(), "site-nginx-"));
  for (const sub of ["temp", "logs"]) mkdirSync(path.join(dir, sub));
  // Read by nginx's workers, which run as another user: a folder of its own, open to them.
  const webroot = mkdtempSync(path.join(tmpdir(), "site-webroot-"));
  chmodSync(webroot, 0o755);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const ports = {
    http: await freePort(),
    https: await freePort(),
    app: appPort,
    hooks: hooksPort ?? (await freePort()),
  };
  let site = localise(readFileSync("deploy/nginx.conf", "utf8"), ports, dir, webroot);
  if (hostRewriting) {
    site = site
      // What a `proxy_pass http://127.0.0.1:3000` sends by default ($proxy_host).
      .replace("proxy_set_header Host $host;", `proxy_set_header Host 127.0.0.1:${ports.app};`)
      .replace(
        "proxy_set_header X-Forwarded-Host $host:$server_port;",
        "proxy_set_header X-Forwarded-Host $http_host;",
      );
  }
  writeFileSync(path.join(dir, "site.conf"), site);
  // The main file a distribution's nginx.conf would be: the site config goes inside `http`.
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      // Debian's nginx.conf loads the modules its packages enable (modules-enabled/, paths
      // relative to /usr/share/nginx): the one deploy/nginx.conf uses, by its full path.
      `load_module ${headersMoreModule};`,
      `pid ${dir}/nginx.pid;`,
      "worker_processes 1;",
      "events { worker_connections 256; }",
      "http {",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${dir}/temp/${kind};`,
      ),
      `  include ${dir}/site.conf;`,
      "}",
    ].join("\n"),
  );
  const errorLog = path.join(dir, "error.log");
  // Debian installs it in /usr/sbin, which a non-root PATH often lacks.
  const child = spawn(
    existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx",
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", errorLog, "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const httpsUrl = `https://localhost:${ports.https}`;
  const certificate = readFileSync(path.join(dir, "cert.pem"), "utf8");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const req = request(`${httpsUrl}/healthz`, { ca: certificate }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on("error", () => resolve(false));
      req.end();
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`nginx did not start:\n${output}\n${safeRead(errorLog)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    httpUrl: `http://localhost:${ports.http}`,
    httpsUrl,
    ports,
    /** The folder certbot's webroot (/var/www/html) stands for: its HTTP challenge's files. */
    webroot,
    /** The self-signed certificate (PEM), to trust it where a test needs a verified one. */
    certificate,
    accessLog: () => safeRead(path.join(dir, "site.access.log")),
    /** nginx's error log (the main one, which deploy/nginx.conf's locations may name too). */
    errorLog: () => safeRead(errorLog),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(webroot, { recursive: true, force: true });
    },
  };
}

function safeRead(file: string) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
