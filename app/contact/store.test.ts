import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { databaseUnderTest, holdWrites, unitTestDatabases } from "#tests/support/postgres.ts";
import { openMessages } from "#tests/support/database.ts";

const message = (n: number) => ({
  lang: "es",
  name: `Persona ${n}`,
  email: `p${n}@example.com`,
  message: "Hola",
});
const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), "store-")), "site.db");

const onSqlite = databaseUnderTest === "sqlite";

describe.runIf(onSqlite)("SQLite store", () => {
  it("upgrades a database of the first schema and keeps its messages", async () => {
    const file = tempFile();
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE messages (
       id INTEGER PRIMARY KEY, created_at INTEGER NOT NULL, lang TEXT NOT NULL, name TEXT NOT NULL,
       email TEXT NOT NULL, message TEXT NOT NULL,
       status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'spam')),
       attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER, last_error TEXT,
       sent_at INTEGER, spam_reason TEXT) STRICT;
     INSERT INTO messages (created_at, lang, name, email, message, status, attempts, last_error)
       VALUES (1000, 'ca', 'Antic', 'antic@example.cat', 'Missatge', 'failed', 15, '550');
     PRAGMA user_version = 1;`);
    old.close();
    const store = await openMessages({ path: file });
    expect(await store.list()).toMatchObject([
      { id: 1, name: "Antic", status: "failed", attempts: 15, lastError: "550" },
    ]);
    expect(await store.insert(message(2))).toBe(2);
    await store.close();
  });
});

describe.runIf(onSqlite)("SQLite lock wait", () => {
  it("fails a write quickly while another process holds the lock, instead of blocking the server", async () => {
    const file = tempFile();
    const store = await openMessages({ path: file, statementTimeoutMs: 10_000 });
    const id = await store.insert(message(1));
    const release = await holdWrites(file);
    try {
      const started = Date.now();
      await expect(store.delete(id)).rejects.toThrow(/locked|busy/i);
      // node:sqlite blocks the process while it waits: the wait is short, not the statement timeout.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await release();
    }
    expect(await store.delete(id)).toBe(true);
    await store.close();
  });
});

describe(`store on ${databaseUnderTest}`, () => {
  const databases = unitTestDatabases();
  afterAll(() => databases.stop());

  /** Two stores on one database, as two servers would open it. */
  async function twoServers() {
    const database = await databases.open();
    const [a, b] = await Promise.all([openMessages(database), openMessages(database)]);
    return { a, b, close: () => Promise.all([a.close(), b.close()]) };
  }

  it("finds messages by name, address or text without case or accents", async () => {
    const store = await openMessages(await databases.open());
    try {
      await store.insert({ ...message(1), name: "Álvaro Núñez", message: "ÉPOCA de CAMBIOS" });
      await store.insert({ ...message(2), name: "Marta Ferrà", message: "Som a Pollença." });
      await store.insert({ ...message(3), name: "José García", message: "Moltes gràcies!" });
      await store.insert({ ...message(4), name: "Otra", message: "100% de acuerdo" });
      const names = async (search: string) =>
        (await store.inbox({ spam: false, search })).map((found) => found.name);
      expect(await names("Pollenca")).toEqual(["Marta Ferrà"]);
      expect(await names("POLLENÇA")).toEqual(["Marta Ferrà"]);
      expect(await names("gracies")).toEqual(["José García"]);
      expect(await names("JOSE")).toEqual(["José García"]);
      expect(await names("alvaro nunez")).toEqual(["Álvaro Núñez"]);
      expect(await names("época")).toEqual(["Álvaro Núñez"]);
      expect(await names("ferra")).toEqual(["Marta Ferrà"]);
      // LIKE's own characters are themselves.
      expect(await names("100%")).toEqual(["Otra"]);
      expect(await names("%%")).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("opens an existing database again without migrating twice, with the same hashing key", async () => {
    const { a, b, close } = await twoServers();
    expect(a.limits.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(b.limits.secret).toBe(a.limits.secret);
    await close();
  });

  it("gives each due message to one claimer only, until its lease ends", async () => {
    const { a, b, close } = await twoServers();
    for (let n = 1; n <= 20; n++) await a.insert(message(n));
    const now = Date.now();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claimDue(`server-${i}`, now, 1000, 3)),
    );
    const ids = claims.flat().map((claimed) => claimed.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await a.claimDue("late", now + 999, 1000, 50)).toEqual([]);
    expect(await b.claimDue("later", now + 1000, 1000, 50)).toHaveLength(20);
    await close();
  });

  it("records an outcome only while the claim is held", async () => {
    const { a, b, close } = await twoServers();
    const id = await a.insert(message(1));
    const now = Date.now();
    await a.claimDue("server-a", now, 100, 1);
    // Server a's lease ran out mid-send and server b took the message.
    expect(await b.claimDue("server-b", now + 100, 60_000, 1)).toMatchObject([{ id }]);
    expect(await a.markSent(id, "server-a")).toBe(false);
    expect(await a.retryLater(id, "server-a", now, "timeout")).toBe(false);
    expect(await a.markFailed(id, "server-a", "timeout")).toBe(false);
    expect(await a.hold(id, "server-a", now)).toBe(false);
    expect(await b.get(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await b.markSent(id, "server-b")).toBe(true);
    expect(await b.get(id)).toMatchObject({ status: "sent", attempts: 1 });
    await close();
  });

  it("never queues again a message a server holds under a live lease", async () => {
    const { a, b, close } = await twoServers();
    const id = await a.insert(message(1));
    const now = Date.now();
    await a.claimDue("server-a", now, 60_000, 1);
    expect(await b.requeue(id, now + 1000)).toBe(false);
    expect(await b.get(id)).toMatchObject({ status: "pending" });
    // Once the lease has ended, the inbox may queue it again.
    expect(await b.requeue(id, now + 60_000)).toBe(true);
    expect(await a.markSent(id, "server-a")).toBe(false);
    await close();
  });

  it("records a summary for the held messages of its claimer, in one statement", async () => {
    const { a, b, close } = await twoServers();
    const ids = [await a.insert(message(1)), await a.insert(message(2))];
    const now = Date.now();
    await a.claimDue("server-a", now, 60_000, 10);
    for (const id of ids) expect(await a.hold(id, "server-a", now + 10)).toBe(true);
    expect(await a.claimHeld("server-a", now + 10, 60_000)).toHaveLength(2);
    expect(await b.markSummarized(ids, "server-b", now + 20)).toEqual([]);
    expect((await a.markSummarized(ids, "server-a", now + 20)).sort()).toEqual(ids);
    expect(await a.markSummarized(ids, "server-a", now + 30)).toEqual([]);
    for (const id of ids) expect(await b.get(id)).toMatchObject({ status: "summarized" });
    await close();
  });

  it("runs the purge on one server at a time", async () => {
    const { a, b, close } = await twoServers();
    let release = () => {};
    let started = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = a.database.exclusively("purge", async () => {
      started();
      await held;
    });
    // While the first runs it, the second skips (PostgreSQL); SQLite has one writer anyway.
    await running;
    const second = await b.database.exclusively("purge", async () => {});
    expect(second).toBe(onSqlite);
    release();
    expect(await first).toBe(true);
    expect(await b.database.exclusively("purge", async () => {})).toBe(true);
    await close();
  });

  it("counts what waits, what failed, what is held, spam and suspected messages", async () => {
    const { a, close } = await twoServers();
    await a.insert(message(1));
    await a.insert({ ...message(2), suspicion: "too-fast" });
    await a.insert({ ...message(3), suspicion: "no-timer" });
    await a.insert({ ...message(4), spamReason: "honeypot" });
    expect(await a.counts()).toEqual({ pending: 3, failed: 0, held: 0, spam: 1, suspected: 2 });
    expect((await a.list()).map((m) => [m.status, m.suspicion])).toEqual([
      ["spam", null],
      ["pending", "no-timer"],
      ["pending", "too-fast"],
      ["pending", null],
    ]);
    await close();
  });

  it("counts the e-mail cap across servers and gives back a slot", async () => {
    const { a, b, close } = await twoServers();
    const window = 3_600_000;
    const taken = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).limits.takeMailSlot(window, 4)),
    );
    expect(taken.filter(Boolean)).toHaveLength(4);
    await a.limits.returnMailSlot(window);
    expect(await b.limits.takeMailSlot(window, 4)).toBe(true);
    expect(await b.limits.takeMailSlot(window, 4)).toBe(false);
    await close();
  });

  it("recognises a repeat of a message stored lately: same name, address in any case and text", async () => {
    const { a, b, close } = await twoServers();
    const message = {
      lang: "es",
      name: "Marta",
      email: "marta@example.es",
      message: "Hola\nqué tal",
    };
    await a.insert(message, 1_000_000);
    expect(await b.isRepeat({ ...message, email: "Marta@Example.ES" }, 1_000_000)).toBe(true);
    expect(await b.isRepeat({ ...message, message: "Hola" }, 1_000_000)).toBe(false);
    expect(await b.isRepeat({ ...message, name: "Marta G." }, 1_000_000)).toBe(false);
    // Older than the window asked about: not a repeat.
    expect(await b.isRepeat(message, 1_000_001)).toBe(false);
    await close();
  });
});
