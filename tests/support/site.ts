import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseEnv } from "node:util";
import pg from "pg";
import { startSmtp } from "#tests/support/smtp.ts";

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The heap sizing production runs with (npm start, the image, the systemd unit). */
export const productionNodeOptions =
  parseEnv(readFileSync("deploy/node-options.env", "utf8")).NODE_OPTIONS ?? "";

export function tempDatabasePath(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), "site-test-")), "site.db");
}

/**
 * The production server (`node server.js` on the built site) as its own process, on
 * 127.0.0.1, with its own database file, or the PostgreSQL database of `DATABASE_URL`.
 * `databasePath` is then that URL: `readMessages` reads either. With `dev`, the development
 * server as a developer starts it (`npm run dev`), on a free port given in PORT.
 */
export async function startSite(
  env: Record<string, string> = {},
  options: { cwd?: string; dev?: boolean } = {},
) {
  if (env.HOST || env.PORT) throw new Error("startSite picks HOST and PORT itself");
  const databasePath = env.DATABASE_URL || (env.DATABASE_PATH ?? tempDatabasePath());
  const [command, args] = options.dev ? ["npm", ["run", "dev"]] : [process.execPath, ["server.js"]];
  const child: ChildProcess = spawn(command, args, {
    // Another copy of the project (with its own build), or this one.
    cwd: options.cwd,
    // npm's shell and the server in a group of their own, so that a signal reaches the server.
    detached: options.dev,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      // The server picks a free port and says which: no window in which another process
      // could take a port chosen here. The development server is given one, as a developer would.
      PORT: options.dev ? String(await freePort()) : "0",
      DATABASE_PATH: env.DATABASE_URL ? tempDatabasePath() : databasePath,
      LOG_LEVEL: "warn",
      // A server started on a Monday after 08:00 (Madrid) would otherwise e-mail last week's
      // report at once, to the same SMTP server the contact tests read. The report has its
      // own tests, with a clock of their own.
      STATS_WEEKLY_REPORT: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => (output += chunk));
  }
  // Once its output is closed too: everything it wrote has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => resolve(code)),
  );

  // A start takes about a second; on a busy 2-core machine (two browsers, builds, the
  // container) it has taken over 15. The test's own timeout bounds the wait; this deadline
  // only turns a server that never answers into a message with its output.
  // The development server compiles the first page it is asked for (about 10 s here).
  const deadline = Date.now() + (options.dev ? 120_000 : 45_000);
  let listenPort = 0;
  for (;;) {
    // The whole line: output may arrive in pieces.
    listenPort ||= Number(/Serving on http:\/\/127\.0\.0\.1:(\d+)\n/.exec(output)?.[1] ?? 0);
    try {
      const abort = AbortSignal.timeout(options.dev ? 60_000 : 2_000);
      if (listenPort && (await fetch(`http://127.0.0.1:${listenPort}/`, { signal: abort })).ok)
        break;
    } catch {
      // not answering yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      if (options.dev && child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      else child.kill("SIGKILL");
      throw new Error(`The site did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const url = `http://127.0.0.1:${listenPort}`;
  // npm passes the signal on, but exits before the server it started has stopped: for the
  // development server the whole group is signalled and waited for.
  const signal = async (name: NodeJS.Signals) => {
    if (!options.dev) return child.kill(name);
    process.kill(-child.pid!, name);
    await eventually(() => {
      try {
        process.kill(-child.pid!, 0);
        return false;
      } catch {
        return true;
      }
    }, 30_000);
  };
  return {
    url,
    port: listenPort,
    pid: child.pid!,
    databasePath,
    output: () => output,
    /** Graceful stop (SIGTERM); resolves with the exit code (npm's, for the development server). */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) await signal("SIGTERM");
      return exited;
    },
    /** Abrupt death, as in a crash or a power cut. */
    kill: async () => {
      await signal("SIGKILL");
      return exited;
    },
  };
}

export type Site = Awaited<ReturnType<typeof startSite>>;

/** Posts a form to a site as the pages' scripts do: same origin, asking for JSON. */
export function postForm(siteUrl: string, path: string, fields: Record<string, string>) {
  return fetch(`${siteUrl}${path}`, {
    method: "POST",
    headers: {
      Origin: siteUrl,
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

export type MessageRow = {
  id: number;
  /** Milliseconds (PostgreSQL's bigint may come as text). */
  created_at: number | string;
  name: string;
  email: string;
  message: string;
  lang: string;
  status: string;
  attempts: number;
  spam_reason: string | null;
  suspicion: string | null;
};

/** A composed e-mail in the outbox's table (app/mail). */
export type MailRow = {
  id: number;
  recipient: string;
  name: string;
  subject: string;
  /** The e-mail as nodemailer takes it (JSON). */
  mail: string;
  status: string;
};

/**
 * Every row of a table, shaped as `readMessages` gives them for SQLite. Through a
 * client connection, not a `psql` child: a synchronous child would stall the test process,
 * which is also the SMTP server the site is talking to.
 */
async function readPostgresRows(
  url: string,
  table: "messages" | "mails" | "bookings",
): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: string }>(
      `SELECT coalesce(json_agg(m ORDER BY id), '[]')::text AS rows FROM ${table} m`,
    );
    return JSON.parse(rows[0]!.rows) as unknown[];
  } finally {
    await client.end();
  }
}

/** A table's rows in a site's database (a SQLite file or a postgres:// URL), by id. */
async function readRows(databasePath: string, table: "messages" | "mails" | "bookings") {
  if (databasePath.startsWith("postgres://")) return readPostgresRows(databasePath, table);
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  } finally {
    db.close();
  }
}

/** The messages in a site's database, read as the owner would. */
export const readMessages = async (databasePath: string) =>
  (await readRows(databasePath, "messages")) as MessageRow[];

/** The booked calls in a site's database: each one's moves, all of them and the owner's. */
export const readBookings = async (databasePath: string) =>
  (await readRows(databasePath, "bookings")) as { sequence: number; owner_moves: number }[];

/** The composed e-mails a site queued (a booking's invitations), sent or not. */
export const readMails = async (databasePath: string) =>
  (await readRows(databasePath, "mails")) as MailRow[];

/** Polls until `check` returns (or resolves to) a value other than undefined/false, or fails after `ms`. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A site whose outbox e-mails a real SMTP server on 127.0.0.1; `stop` ends both. */
export async function startSiteWithMail(env: Record<string, string> = {}) {
  const smtp = await startSmtp();
  const site = await startSite({ SMTP_URL: smtp.url, ...env });
  return {
    site,
    smtp,
    stop: async () => {
      await site.stop();
      await smtp.close();
    },
  };
}
