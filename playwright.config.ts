import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumFlags, headlessShellPath } from "#tests/support/chromium.ts";

// The two servers' databases. The workers load this file too: they take the runner's folder
// instead of making one each.
const dataDir = (process.env.SITE_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-")));

const port = Number(process.env.E2E_PORT ?? 3210);
const germanPort = port + 1;
const url = (p: number) => `http://127.0.0.1:${p}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: many tests wait (on a mail server's timeout, a build in another
  // process), and with two workers the cores were idle a sixth of the time.
  workers: 3,
  timeout: 60_000,
  // Loading the form's script and hydrating it on a busy 2-core machine can take a while.
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: headlessShellPath, args: chromiumFlags },
  },
  projects: [
    // Builds and runs the container image (minutes when nothing is cached). Listed first so
    // it starts first, on one worker, while the browser tests take the others.
    { name: "container", testMatch: /production-install\.spec/ },
    // docs/operations.md run on a Debian system container with systemd (`npm run test:guide`):
    // the guide's blocks in order, two installs and builds of the site inside the container.
    // Also minutes long, so it too starts first, on a worker of its own.
    { name: "guide", testMatch: /operations-guide\.spec/ },
    // The fuzzer posts one request at a time, keeping about one core busy for a minute: listed
    // before the browser tests, it runs beside them instead of alone at the end.
    { name: "fuzz", testMatch: /contact-fuzz\.spec/ },
    // 35,000 requests from 100 connections against a server of its own: no errors, memory
    // stable. Beside the browser tests, not after them: what it asserts holds on a busy
    // machine too (its latency is measured in \`npm run bench:load\`).
    { name: "load", testMatch: /load\.spec/ },
    {
      name: "site",
      testIgnore: /(german|contact-fuzz|load|production-install|operations-guide)\.spec/,
      use: { baseURL: url(port) },
    },
    // A second build with German published (`npm run build:german`).
    { name: "german", testMatch: /(german|seo)\.spec/, use: { baseURL: url(germanPort) } },
  ],
  // `npm run test:guide` needs neither server (nor a build): its site runs in its own machine.
  webServer: process.env.SITE_E2E_NO_SERVERS
    ? []
    : [
        {
          command: "node server.js",
          url: `${url(port)}/`,
          env: {
            PORT: String(port),
            HOST: "127.0.0.1",
            DATABASE_PATH: path.join(dataDir, "site.db"),
          },
        },
        {
          command: "node server.js",
          url: `${url(germanPort)}/`,
          env: {
            PORT: String(germanPort),
            HOST: "127.0.0.1",
            BUILD_DIR: "build-de",
            DATABASE_PATH: path.join(dataDir, "site-de.db"),
          },
        },
      ],
});
