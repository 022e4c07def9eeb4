import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "~/contact/store.server";
import { startPostgres, type Postgres } from "../tests/support/postgres";

const day = 24 * 3600 * 1000;

describe.each(["sqlite", "postgres"] as const)("inbox CLI on %s", (kind) => {
  let postgres: Postgres | undefined;
  let databasePath: string;
  let databaseUrl: string | undefined;
  const env = () => ({
    ...process.env,
    DATABASE_PATH: databasePath,
    DATABASE_URL: databaseUrl ?? "",
  });
  const open = () => openStore({ url: databaseUrl, path: databasePath });

  function inbox(...args: string[]) {
    const result = spawnSync(process.execPath, ["scripts/inbox.ts", ...args], {
      env: env(),
      encoding: "utf8",
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  }

  beforeAll(async () => {
    if (kind === "postgres") postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());

  beforeEach(async () => {
    databasePath = path.join(mkdtempSync(path.join(tmpdir(), "inbox-test-")), "site.db");
    databaseUrl = await postgres?.createDatabase();
    const store = await open();
    const now = Date.now();
    await store.insert(
      { lang: "es", name: "Old", email: "old@example.com", message: "viejo" },
      now - 400 * day,
    );
    const failed = await store.insert(
      { lang: "en", name: "Failed", email: "f@example.com", message: "=SUM(A1)" },
      now - 2 * day,
    );
    await store.claimDue("test", now, 0, 10);
    await store.markFailed(failed, "test", "550 mailbox unavailable");
    await store.insert(
      { lang: "ca", name: 'Núria, "N"', email: "nuria@example.cat", message: "Línia 1\nLínia 2" },
      now - day,
    );
    await store.insert(
      {
        lang: "es",
        name: "Bot",
        email: "bot@example.com",
        message: "spam",
        spamReason: "honeypot",
      },
      now,
    );
    await store.close();
  });

  it("lists newest first with the delivery status", () => {
    const { code, out } = inbox("list");
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(["#4", "#3", "#2", "#1"]);
    expect(lines[0]).toContain("spam");
    expect(lines[2]).toContain("failed");
  });

  it("lists as JSON", () => {
    const messages = JSON.parse(inbox("list", "--json").out) as {
      id: number;
      status: string;
      email: string;
    }[];
    expect(messages.map((m) => [m.id, m.status])).toEqual([
      [4, "spam"],
      [3, "pending"],
      [2, "failed"],
      [1, "pending"],
    ]);
  });

  it("shows one message in full", () => {
    const { out } = inbox("show", "3");
    expect(out).toContain('From: Núria, "N" <nuria@example.cat>');
    expect(out).toContain("Línia 1\nLínia 2");
    expect(inbox("show", "99").code).toBe(2);
  });

  it("exports CSV with quoting and defused formulas, and JSON", () => {
    const csv = inbox("export", "--format", "csv").out.split("\r\n");
    expect(csv[0]).toBe(
      "id,receivedAt,status,attempts,lastError,sentAt,spamReason,lang,name,email,message",
    );
    expect(csv.join("\n")).toContain('"Núria, ""N"""');
    expect(csv.join("\n")).toContain("'=SUM(A1)");
    expect(JSON.parse(inbox("export", "--format", "json").out)).toHaveLength(4);
    expect(inbox("export").code).toBe(2);
  });

  it("queues one message or every failed one for delivery again", async () => {
    expect(inbox("retry", "2").out).toContain("Queued message #2");
    const store = await open();
    expect(await store.get(2)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    await store.claimDue("test", Date.now(), 0, 10);
    await store.markFailed(2, "test", "again");
    await store.close();
    expect(inbox("retry", "--failed").out).toContain("Queued 1 failed message(s)");
    expect(inbox("retry", "4").code).toBe(2); // spam is never queued
  });

  it("releases a message wrongly kept as spam into the outbox", async () => {
    expect(inbox("not-spam", "3").code).toBe(2); // not spam
    expect(inbox("not-spam", "4").out).toContain("Released message #4");
    const store = await open();
    expect(await store.get(4)).toMatchObject({ status: "pending", attempts: 0 });
    const due = await store.claimDue("test", Date.now(), 1000, 10);
    await store.close();
    expect(due.map((message) => message.id)).toContain(4); // the outbox takes it
    expect(inbox("not-spam", "4").code).toBe(2); // released once
  });

  it("deletes one message, or every message from an address (erasure)", () => {
    expect(inbox("delete", "1").out).toContain("Deleted message #1");
    expect(inbox("delete", "--email", "NURIA@example.cat").out).toContain("Deleted 1 message(s)");
    const ids = (JSON.parse(inbox("list", "--json").out) as { id: number }[]).map((m) => m.id);
    expect(ids).toEqual([4, 2]);
  });

  it("purges messages older than a number of days", () => {
    expect(inbox("purge", "--older-than", "365").out).toContain("Deleted 1 message(s)");
    expect(inbox("purge", "--older-than", "zero").code).toBe(2);
    expect(JSON.parse(inbox("list", "--json").out)).toHaveLength(3);
  });

  it("backs the SQLite database up to a file that holds every message", async () => {
    const copy = path.join(path.dirname(databasePath), "backup.db");
    if (kind === "postgres") {
      expect(inbox("backup", copy).err).toContain("pg_dump");
      return;
    }
    expect(inbox("backup", copy).out).toContain(`to ${copy}`);
    const restored = await openStore({ path: copy });
    expect(await restored.list()).toHaveLength(4);
    await restored.close();
  });

  it("explains its usage on a wrong command", () => {
    const { code, err } = inbox("frobnicate");
    expect(code).toBe(2);
    expect(err).toContain("Usage: npm run inbox");
  });

  it("runs through npm as the README says", () => {
    const out = execFileSync("npm", ["run", "--silent", "inbox", "--", "list"], {
      env: env(),
      encoding: "utf8",
    });
    expect(out).toContain("#4");
  });
});
