// Backups of the site's database, and their restore (docs/operations.md, "Backups").
//   npm run backup                    a consistent copy into BACKUP_DIR, the oldest ones deleted,
//                                     the folder mirrored to BACKUP_RSYNC_TARGET when set
//   npm run backup -- restore <file>  a copy into a fresh database (DATABASE_PATH or DATABASE_URL)
// deploy/site-backup.timer runs the first daily, as the site's user. SQLite is copied with
// `VACUUM INTO` (a snapshot while the server writes: it only reads), PostgreSQL with pg_dump.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import pg from "pg";
import { settings } from "#app/config/settings.server.ts";
import { siteConfig } from "#app/config/site.ts";

const run = promisify(execFile);

type Kind = "sqlite" | "postgres";
const extension: Record<Kind, string> = { sqlite: ".db", postgres: ".dump" };
const copyName = /^site-(\d{8}T\d{6}Z)\.(db|dump)$/;

/** A copy's name: when it was taken, to the second, in UTC, so names sort by age. */
export function backupName(now: Date, kind: Kind): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "");
  return `site-${stamp}Z${extension[kind]}`;
}

/** When a copy's name says it was taken. */
function takenAt(name: string): number {
  const stamp = copyName.exec(name)?.[1] ?? "";
  return Date.parse(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13)}`,
  );
}

/**
 * The copies to delete: all but the newest `keep`, and any older than `retentionDays` (the
 * privacy policy promises no copy outlives it). Other files in the folder are never touched.
 */
export function copiesToRemove(
  names: string[],
  { keep, retentionDays, now }: { keep: number; retentionDays: number; now: Date },
): string[] {
  const copies = names.filter((name) => copyName.test(name)).sort();
  const cutoff = now.getTime() - retentionDays * 24 * 3600 * 1000;
  return copies.filter((name, index) => index < copies.length - keep || takenAt(name) < cutoff);
}

/**
 * libpq's environment for a postgres:// URL: pg_dump and pg_restore get it there, not on their
 * command line, where any user of the machine could read the password.
 */
export function postgresEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname),
    PGPORT: parsed.port || "5432",
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  if (parsed.username) env["PGUSER"] = decodeURIComponent(parsed.username);
  if (parsed.password) env["PGPASSWORD"] = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode) env["PGSSLMODE"] = sslmode;
  return env;
}

/** What kind of copy a file is, by its first bytes. */
async function kindOf(file: string): Promise<Kind | undefined> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    const head = buffer.subarray(0, bytesRead).toString("latin1");
    if (head === "SQLite format 3\0") return "sqlite";
    if (head.startsWith("PGDMP")) return "postgres";
    return undefined;
  } finally {
    await handle.close();
  }
}

const { DATABASE_URL, DATABASE_PATH } = settings.contact;
const { BACKUP_DIR, BACKUP_KEEP, BACKUP_RSYNC_TARGET } = settings.backup;
const kind: Kind = DATABASE_URL ? "postgres" : "sqlite";

/** Takes a copy; written under a temporary name first, so a half-written copy never counts. */
async function backup(now = new Date()): Promise<string> {
  mkdirSync(BACKUP_DIR, { recursive: true, mode: 0o700 });
  const file = path.join(BACKUP_DIR, backupName(now, kind));
  const partial = `${file}.partial`;
  // A copy cut short (a failed dump, a killed run) holds personal data too: none is left
  // behind, to be mirrored off the machine and outlive the retention.
  for (const name of readdirSync(BACKUP_DIR)) {
    if (name.endsWith(".partial")) rmSync(path.join(BACKUP_DIR, name), { force: true });
  }
  try {
    if (DATABASE_URL) {
      await run("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`], {
        env: { ...process.env, ...postgresEnvironment(DATABASE_URL) },
      });
    } else {
      if (!existsSync(DATABASE_PATH))
        throw new Error(`No database at ${DATABASE_PATH} (DATABASE_PATH).`);
      const db = new DatabaseSync(DATABASE_PATH, { readOnly: true, timeout: 5_000 });
      try {
        db.prepare("VACUUM INTO ?").run(partial);
      } finally {
        db.close();
      }
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  console.log(`Backup written: ${file} (${statSync(file).size} bytes)`);

  const removed = copiesToRemove(readdirSync(BACKUP_DIR), {
    keep: BACKUP_KEEP,
    retentionDays: siteConfig.legal.backupRetentionDays,
    now,
  });
  for (const name of removed) rmSync(path.join(BACKUP_DIR, name));
  if (removed.length) console.log(`Older copies deleted: ${removed.join(", ")}`);

  if (BACKUP_RSYNC_TARGET) {
    // A mirror: the copies deleted here go there too, so none outlives the retention.
    await run("rsync", ["--archive", "--delete", `${BACKUP_DIR}/`, BACKUP_RSYNC_TARGET]);
    console.log(`Copied to ${BACKUP_RSYNC_TARGET}`);
  }
  return file;
}

/** Restores a copy into a fresh database; refuses one that already holds anything. */
async function restore(file: string) {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  const found = await kindOf(file);
  if (found !== kind) {
    throw new Error(
      `${file} is ${found ? `a ${found} copy` : "not a backup"}, and this is a ${kind} database (${DATABASE_URL ? "DATABASE_URL" : "DATABASE_PATH"}).`,
    );
  }
  if (DATABASE_URL) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
      );
      if (Number(rows[0]?.count) > 0) {
        throw new Error("The database of DATABASE_URL is not empty: restore into a new one.");
      }
    } finally {
      await client.end();
    }
    const env = postgresEnvironment(DATABASE_URL);
    // The database's name (not a secret) must be named; the rest comes from the environment.
    const options = ["--no-owner", "--exit-on-error", "--single-transaction"];
    await run("pg_restore", [...options, `--dbname=${env["PGDATABASE"]}`, file], {
      env: { ...process.env, ...env },
    });
  } else {
    for (const suffix of ["", "-wal"]) {
      if (existsSync(DATABASE_PATH + suffix)) {
        throw new Error(
          `${DATABASE_PATH + suffix} exists: stop the site and move the database away first.`,
        );
      }
    }
    const copy = new DatabaseSync(file, { readOnly: true });
    try {
      const result = copy.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
      if (result.integrity_check !== "ok")
        throw new Error(`${file} is damaged: ${result.integrity_check}`);
      mkdirSync(path.dirname(path.resolve(DATABASE_PATH)), { recursive: true, mode: 0o700 });
      // Written whole under another name, then renamed: a server never finds half a database.
      const partial = `${DATABASE_PATH}.restoring`;
      rmSync(partial, { force: true });
      copy.prepare("VACUUM INTO ?").run(partial);
      renameSync(partial, DATABASE_PATH);
    } finally {
      copy.close();
    }
  }
  console.log(`Restored ${file} into the ${kind} database. Start the site on it.`);
}

if (import.meta.main) {
  const [command, file] = process.argv.slice(2);
  try {
    if (command === undefined) await backup();
    else if (command === "restore" && file) await restore(file);
    else {
      console.error("Usage: npm run backup [-- restore <file>]");
      process.exit(2);
    }
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    console.error(
      `${command === "restore" ? "Restore" : "Backup"} failed: ${(error as Error).message}${stderr ? `\n${stderr}` : ""}`,
    );
    process.exit(1);
  }
}
