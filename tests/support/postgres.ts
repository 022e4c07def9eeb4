import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "#tests/support/site.ts";

const run = promisify(execFile);

/**
 * The newest of Debian's PostgreSQL versions installed here (`.ci/run` installs one); looked
 * up on first use, so SQLite-only tests run without PostgreSQL.
 */
let binDir: string | undefined;
function bin(): string {
  if (binDir) return binDir;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(`No PostgreSQL server under ${root}: apt-get install postgresql`);
  return (binDir = path.join(root, versions[0], "bin"));
}

/** Runs a PostgreSQL program as the postgres user (initdb refuses root). */
function asPostgres(program: string, args: string[]) {
  const command = path.join(bin(), program);
  return userInfo().uid === 0
    ? run("runuser", ["-u", "postgres", "--", command, ...args])
    : run(command, args);
}

/** A folder of the postgres user's (the current user's, if not root), in the temporary folder. */
function postgresFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-pg-"));
  const { uid, gid } = userInfo().uid === 0 ? pgUser() : userInfo();
  chownSync(dir, uid, gid);
  return dir;
}

/** How the tests' clusters are made: trusted local connections, the superuser `postgres`. */
const initdbOptions = ["-A", "trust", "-U", "postgres", "--no-sync"];

/**
 * A new cluster's files, made by initdb once and kept in node_modules/.cache: a server starts
 * from a copy of them. initdb takes a CPU-second, and a run of the suite starts over a dozen
 * servers. One per PostgreSQL version and per what else decides the files: the options, the
 * owner (root's runs hand them to the postgres user) and the environment initdb reads its
 * encoding, collation and time zone from. Made in a temporary folder and renamed into place,
 * so two processes making it at once each get a whole one.
 */
async function clusterTemplate(): Promise<string> {
  const version = path.basename(path.dirname(bin()));
  const { LC_ALL, LC_CTYPE, LC_COLLATE, LANG, TZ } = process.env;
  const key = createHash("sha256")
    .update(JSON.stringify([initdbOptions, userInfo().uid, LC_ALL, LC_CTYPE, LC_COLLATE, LANG, TZ]))
    .digest("hex")
    .slice(0, 12);
  const template = path.resolve("node_modules/.cache/test-postgres", `${version}-${key}`);
  if (existsSync(path.join(template, "PG_VERSION"))) return template;
  const made = postgresFolder();
  try {
    await asPostgres("initdb", ["-D", path.join(made, "data"), ...initdbOptions]);
    mkdirSync(path.dirname(template), { recursive: true });
    // Copied beside its final place first: the temporary folder may be another file system.
    const staged = mkdtempSync(`${template}-`);
    try {
      await run("cp", ["-a", path.join(made, "data"), path.join(staged, "data")]);
      renameSync(path.join(staged, "data"), template);
    } catch (error) {
      // Another process put its copy there first.
      if (!existsSync(path.join(template, "PG_VERSION"))) throw error;
    } finally {
      rmSync(staged, { recursive: true, force: true });
    }
  } finally {
    rmSync(made, { recursive: true, force: true });
  }
  return template;
}

/**
 * A throw-away PostgreSQL server on 127.0.0.1 (Debian's binaries, `.ci/run` installs them),
 * in a temporary folder; `createDatabase` gives each test an empty database of its own.
 */
export async function startPostgres() {
  const dir = postgresFolder();
  const data = path.join(dir, "data");
  const port = await freePort();
  // With its owner and modes: PostgreSQL starts only on a folder of its own user's, mode 0700.
  await run("cp", ["-a", await clusterTemplate(), data]);
  await asPostgres("pg_ctl", [
    "-D",
    data,
    "-w",
    "-l",
    path.join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    "start",
  ]);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let count = 0;

  /** Runs SQL as the superuser on `database`. */
  async function sql(database: string, text: string, params: unknown[] = []) {
    const client = new pg.Client({ connectionString: `${base}/${database}` });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }

  return {
    port,
    /** A new empty database; resolves with its DATABASE_URL. */
    async createDatabase(): Promise<string> {
      const name = `site_${process.pid}_${++count}`;
      await sql("postgres", `CREATE DATABASE ${name}`);
      return `${base}/${name}`;
    },
    sql: (url: string, text: string, params?: unknown[]) =>
      sql(new URL(url).pathname.slice(1), text, params),
    async stop() {
      await asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Postgres = Awaited<ReturnType<typeof startPostgres>>;

/** The postgres user's ids, to hand it the folder. */
function pgUser() {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  return { uid: id("-u"), gid: id("-g") };
}

export const storeKinds = ["sqlite", "postgres"] as const;
type StoreKind = (typeof storeKinds)[number];

/**
 * The database the store's unit tests run on: SQLite, or PostgreSQL in Vitest's `db` project
 * (`npm run test:db`), so that `npm run test:unit` needs no PostgreSQL server.
 */
export const databaseUnderTest: StoreKind =
  process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

/**
 * A fresh, empty database of `databaseUnderTest` for each call: a SQLite file path, or a
 * PostgreSQL URL on a server started on first use (`stop` it in `afterAll`).
 */
export function unitTestDatabases() {
  let server: Postgres | undefined;
  return {
    async open(): Promise<{ url: string | undefined; path: string }> {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "site-unit-")), "site.db");
      if (databaseUnderTest === "sqlite") return { url: undefined, path: file };
      server ??= await startPostgres();
      return { url: await server.createDatabase(), path: file };
    },
    /** Runs SQL on a PostgreSQL database given by its URL. */
    sql: (url: string, text: string) => server!.sql(url, text),
    async stop() {
      await server?.stop();
      server = undefined;
    },
  };
}

/**
 * Fresh databases of one kind for a test file: nothing for SQLite (each site makes its own
 * file), a PostgreSQL server started on first use for PostgreSQL. `stop` in `afterAll`.
 */
export function testDatabases(kind: StoreKind) {
  let server: Postgres | undefined;
  return {
    /** The environment that points a new site at a new, empty database. */
    async env(): Promise<Record<string, string>> {
      if (kind === "sqlite") return {};
      server ??= await startPostgres();
      return { DATABASE_URL: await server.createDatabase() };
    },
    async stop() {
      await server?.stop();
      server = undefined;
    },
  };
}

/**
 * Makes the database refuse the server's writes until the returned function runs: another
 * session holds the write lock (SQLite) or an exclusive lock on the contact tables
 * (PostgreSQL), so writes fail after the server's statement timeout. Reads still work.
 */
export async function holdWrites(database: string): Promise<() => Promise<void>> {
  if (database.startsWith("postgres://")) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    await client.query("BEGIN");
    await client.query("LOCK TABLE messages, rate_limits, mail_quota IN EXCLUSIVE MODE");
    return async () => {
      await client.query("ROLLBACK");
      await client.end();
    };
  }
  const db = new DatabaseSync(database);
  db.exec("PRAGMA busy_timeout = 10000; BEGIN IMMEDIATE");
  return async () => {
    db.exec("ROLLBACK");
    db.close();
  };
}
