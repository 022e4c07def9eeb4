// The backup and its restore, as docs/operations.md ("Backups") has the operator run them:
// `npm run backup` while the site serves, the copy mirrored off the machine, then
// `npm run backup -- restore <file>` from that mirror into a fresh database, and a new site on
// it serving the same messages and bookings. On SQLite and on a real PostgreSQL server.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startCalendarServer } from "#tests/support/calendar.ts";
import { startPostgres, storeKinds, type Postgres } from "#tests/support/postgres.ts";
import {
  postForm,
  readMails,
  readMessages,
  startSite,
  tempDatabasePath,
  type Site,
} from "#tests/support/site.ts";

const run = promisify(execFile);

/** `npm run backup` (or `-- restore FILE`) as the operator runs it, with the unit's settings. */
async function backupCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ["scripts/backup.ts", ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function post(site: Site, path: string, fields: Record<string, string>) {
  const response = await postForm(site.url, path, fields);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const message = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.es`,
  message: `Hola, sóc ${name}`,
  elapsed: "8000",
});

let postgres: Postgres | undefined;
test.afterAll(async () => {
  await postgres?.stop();
});

for (const kind of storeKinds) {
  test(`${kind}: a backup taken while the site serves, restored into a fresh database, serves the same messages and bookings`, async () => {
    test.setTimeout(120_000);
    const calendar = await startCalendarServer();
    if (kind === "postgres") postgres ??= await startPostgres();
    const database = async (): Promise<Record<string, string>> =>
      postgres && kind === "postgres"
        ? { DATABASE_URL: await postgres.createDatabase() }
        : { DATABASE_PATH: tempDatabasePath() };
    const folder = mkdtempSync(path.join(tmpdir(), "site-backup-"));
    const backups = {
      BACKUP_DIR: path.join(folder, "backups"),
      // Another machine's folder in production (user@host:/path/); rsync treats both alike.
      BACKUP_RSYNC_TARGET: `${path.join(folder, "elsewhere")}/`,
    };
    const env = {
      ...calendar.settings,
      RATE_LIMIT_MAX: "100",
      CONTACT_MIN_FILL_SECONDS: "0",
      STATS_WEEKLY_REPORT: "false",
    };
    const original = await database();
    const site = await startSite({ ...env, ...original });
    let restored: Site | undefined;
    try {
      expect((await post(site, "/en/contact", message("Aina"))).body).toEqual({ status: "sent" });
      expect((await post(site, "/ca/contact", message("Pere"))).body).toEqual({ status: "sent" });
      const booking = await post(site, "/en/book", {
        name: "Marta Ferrer",
        email: "marta@example.es",
        company: "Ferrer Logística",
        topic: "Automating invoices",
        slot: String(Date.parse("2027-03-29T07:00:00Z")),
      });
      expect(booking.body).toMatchObject({ status: "booked" });
      const manage = String(booking.body["manage"]);
      /** The call's own page (its signed link), as the visitor sees it. */
      const callPage = async (at: Site) => {
        const response = await fetch(`${at.url}${manage}`);
        expect(response.status).toBe(200);
        return /<main[\s\S]*<\/main>/.exec(await response.text())?.[0];
      };
      const call = await callPage(site);
      expect(call).toContain("Automating invoices");
      const before = await readMessages(site.databasePath);
      expect(before.map((row) => row.name)).toEqual(["Aina", "Pere"]);
      // The call's invitations, queued in the outbox's table (app/mail).
      const mailsBefore = await readMails(site.databasePath);
      expect(mailsBefore.map((row) => row.name)).toContain("Marta Ferrer");

      // A copy older than the privacy policy allows, one a killed run left half-written, and a
      // file that is not a copy.
      mkdirSync(backups.BACKUP_DIR);
      writeFileSync(path.join(backups.BACKUP_DIR, "site-20200101T000000Z.db"), "");
      writeFileSync(path.join(backups.BACKUP_DIR, "site-20260101T000000Z.db.partial"), "");
      writeFileSync(path.join(backups.BACKUP_DIR, "notes.txt"), "");
      const taken = await backupCommand({ ...original, ...backups });
      expect(taken.output).toMatch(/Backup written: .*site-\d{8}T\d{6}Z\.(db|dump)/);
      expect(taken.code).toBe(0);
      const [copy, ...others] = readdirSync(backups.BACKUP_DIR).filter(
        (name) => name !== "notes.txt",
      );
      expect(others).toEqual([]);
      expect(copy).not.toBe("site-20200101T000000Z.db");
      expect(readdirSync(path.join(folder, "elsewhere")).sort()).toEqual(
        [copy, "notes.txt"].sort(),
      );

      // Written after the backup: not in it.
      expect((await post(site, "/en/contact", message("Later"))).body).toEqual({ status: "sent" });
      expect(await site.stop()).toBe(0);

      // The machine is lost: the copy comes back from elsewhere, into a new database.
      const fresh = await database();
      const restoring = await backupCommand(
        fresh,
        "restore",
        path.join(folder, "elsewhere", copy!),
      );
      expect(restoring.output).toContain("Restored");
      expect(restoring.code).toBe(0);
      // Never over a database that holds something.
      const again = await backupCommand(fresh, "restore", path.join(folder, "elsewhere", copy!));
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty|exists/);

      restored = await startSite({ ...env, ...fresh });
      const after = await readMessages(restored.databasePath);
      expect(after).toEqual(before);
      expect(await readMails(restored.databasePath)).toEqual(mailsBefore);
      expect(after.map((row) => row.name)).not.toContain("Later");
      // The owner's inbox lists the same bookings.
      const inbox = await run(process.execPath, ["scripts/inbox.ts", "bookings", "--json"], {
        env: { ...process.env, ...fresh },
      });
      expect(JSON.parse(inbox.stdout)).toEqual([
        expect.objectContaining({ name: "Marta Ferrer", email: "marta@example.es" }),
      ]);
      // The visitor's signed link still opens the call, and its slot is still taken.
      expect(await callPage(restored)).toBe(call);
      const taken9 = await post(restored, "/en/book", {
        name: "Joan",
        email: "joan@example.es",
        company: "",
        topic: "Another call",
        slot: String(Date.parse("2027-03-29T07:00:00Z")),
      });
      expect(taken9.body).toMatchObject({ status: "failed", reason: "taken" });
    } finally {
      await restored?.stop();
      await site.stop();
      await calendar.close();
    }
  });
}
