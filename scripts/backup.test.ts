import { describe, expect, it } from "vitest";
import { backupName, copiesToRemove, postgresEnvironment } from "#scripts/backup.ts";

describe("backups", () => {
  it("names a copy by when it was taken, in UTC, so names sort by age", () => {
    const now = new Date("2026-11-27T03:30:07.512Z");
    expect(backupName(now, "sqlite")).toBe("site-20261127T033007Z.db");
    expect(backupName(now, "postgres")).toBe("site-20261127T033007Z.dump");
  });

  it("keeps the newest copies, none past the retention, and never touches other files", () => {
    const now = new Date("2026-11-27T03:30:00Z");
    const names = [
      "site-20261127T033000Z.db",
      "site-20261126T033000Z.db",
      "site-20261125T033000Z.db",
      "site-20261124T033000Z.db",
      "site-20261020T033000Z.db",
      "notes.txt",
      "site-20261123T033000Z.db.partial",
    ];
    expect(copiesToRemove(names, { keep: 3, retentionDays: 30, now })).toEqual([
      "site-20261020T033000Z.db",
      "site-20261124T033000Z.db",
    ]);
    // Older than the privacy policy's 30 days: gone whatever `keep` says.
    expect(copiesToRemove(names, { keep: 100, retentionDays: 30, now })).toEqual([
      "site-20261020T033000Z.db",
    ]);
    expect(copiesToRemove(names, { keep: 1, retentionDays: 3, now })).toEqual([
      "site-20261020T033000Z.db",
      "site-20261124T033000Z.db",
      "site-20261125T033000Z.db",
      "site-20261126T033000Z.db",
    ]);
  });

  it("hands pg_dump the connection in its environment, never on its command line", () => {
    expect(
      postgresEnvironment(
        "postgres://site:p%40ss%2Fword@db.internal:6543/site_prod?sslmode=require",
      ),
    ).toEqual({
      PGHOST: "db.internal",
      PGPORT: "6543",
      PGDATABASE: "site_prod",
      PGUSER: "site",
      PGPASSWORD: "p@ss/word",
      PGSSLMODE: "require",
    });
    expect(postgresEnvironment("postgresql://127.0.0.1/site")).toEqual({
      PGHOST: "127.0.0.1",
      PGPORT: "5432",
      PGDATABASE: "site",
    });
  });
});
