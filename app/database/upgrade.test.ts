import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";
import { openStore } from "#app/contact/store.server.ts";
import { createStatsStore } from "#app/stats/store.server.ts";

const databases = unitTestDatabases();
afterAll(() => databases.stop());

type Location = { url: string | undefined; path: string };

/**
 * The fixture's sections by name (`prelude`, `step 1`, …, `rows`): the previous releases'
 * schema steps on this database, word for word, and rows of every table.
 */
const sections = (() => {
  const text = readFileSync(
    new URL(`./fixtures/previous-schema.${databaseUnderTest}.sql`, import.meta.url),
    "utf8",
  );
  const parts = text.split(/^-- (prelude|step \d+|rows)$/m);
  const named = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) named.set(parts[i]!, parts[i + 1]!);
  return named;
})();
const steps = [...sections.keys()].filter((name) => name.startsWith("step ")).length;

/** Runs SQL on the database as the previous releases' code did, outside the store. */
async function run(location: Location, text: string) {
  if (location.url) {
    await databases.sql(location.url, text);
    return;
  }
  const db = new DatabaseSync(location.path);
  try {
    db.exec(text);
  } finally {
    db.close();
  }
}

async function query(location: Location, text: string): Promise<Record<string, unknown>[]> {
  if (location.url) return databases.sql(location.url, text);
  const db = new DatabaseSync(location.path, { readOnly: true });
  try {
    return db
      .prepare(text)
      .all()
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

/** A database the previous releases made, brought up to date. */
async function upgradedDatabase(): Promise<Location> {
  const location = await previousDatabase({ rows: false });
  await (await openStore(location)).close();
  return location;
}

/** A new database that the previous releases left at `step` (every step by default). */
async function previousDatabase({ step = steps, rows = true } = {}): Promise<Location> {
  const location = await databases.open();
  const wanted = ["prelude", ...Array.from({ length: step }, (_, i) => `step ${i + 1}`)];
  if (rows) wanted.push("rows");
  for (const name of wanted) {
    const text = sections.get(name);
    if (text !== undefined) await run(location, text);
  }
  return location;
}

/** The SQL of a definition, without case, quotes or layout. */
const normal = (text: unknown) =>
  String(text)
    .toLowerCase()
    .replace(/["`]/g, "")
    .replace(/\s+/g, " ")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .trim();

/** The CHECK constraints in a table's SQL. */
function checksOf(text: string) {
  const checks: string[] = [];
  const lower = normal(text);
  for (let at = lower.indexOf("check"); at !== -1; at = lower.indexOf("check", at + 1)) {
    const open = lower.indexOf("(", at);
    let depth = 0;
    for (let i = open; i < lower.length; i++) {
      if (lower[i] === "(") depth++;
      if (lower[i] === ")" && --depth === 0) {
        checks.push(lower.slice(open, i + 1));
        break;
      }
    }
  }
  return checks;
}

/** Everything about the site's tables but their rows: columns, types, keys, checks, indexes. */
async function schemaOf(location: Location) {
  if (location.url) {
    const ours = (column: string) =>
      `${column} NOT LIKE 'kysely\\_%' AND ${column} <> 'schema_migrations'`;
    return {
      columns: await query(
        location,
        `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default,
           is_identity, identity_generation
         FROM information_schema.columns WHERE table_schema = 'public' AND ${ours("table_name")}
         ORDER BY table_name, ordinal_position`,
      ),
      indexes: await query(
        location,
        `SELECT tablename, indexname, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND ${ours("tablename")} ORDER BY indexname`,
      ),
      constraints: await query(
        location,
        `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace
           AND ${ours("conrelid::regclass::text")} ORDER BY conname`,
      ),
      sequences: await query(
        location,
        `SELECT sequencename, data_type, start_value, increment_by FROM pg_sequences
         WHERE schemaname = 'public' ORDER BY sequencename`,
      ),
    };
  }
  const tables = await query(
    location,
    `SELECT name, sql FROM sqlite_schema WHERE type = 'table'
       AND name NOT LIKE 'kysely\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
     ORDER BY name`,
  );
  const schema = [];
  for (const { name, sql } of tables as { name: string; sql: string }[]) {
    const pragma = (text: string) => query(location, text);
    const indexes = [];
    for (const index of (await pragma(`PRAGMA index_list('${name}')`)) as { name: string }[]) {
      const [definition] = await pragma(
        `SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = '${index.name}'`,
      );
      indexes.push({
        ...index,
        // The automatic indexes of keys have no SQL; their columns tell them apart.
        sql: definition?.sql ? normal(definition.sql) : null,
        columns: await pragma(`PRAGMA index_xinfo('${index.name}')`),
      });
    }
    schema.push({
      name,
      table: await pragma(`PRAGMA table_list('${name}')`),
      columns: await pragma(`PRAGMA table_xinfo('${name}')`),
      checks: checksOf(sql),
      indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)),
    });
  }
  return schema;
}

/** The messages of the fixture's rows, as the store reads them, newest first. */
const fixtureMessages = [
  {
    id: 7,
    createdAt: 1763000600000,
    lang: "de",
    name: "Fritz Eilig",
    email: "fritz@example.de",
    message: "Schnell geschrieben: «Grüße» 👋\nzweite Zeile",
    status: "pending",
    attempts: 0,
    nextAttemptAt: 1763000600000,
    lastError: null,
    sentAt: null,
    spamReason: null,
    suspicion: "too-fast",
    mail: null,
  },
  {
    id: 6,
    createdAt: 1763000500000,
    lang: "en",
    name: "Eve Summarised",
    email: "eve@example.org",
    message: "Listed in a summary",
    status: "summarized",
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    sentAt: 1763003700000,
    spamReason: null,
    suspicion: null,
    mail: null,
  },
  {
    id: 5,
    createdAt: 1763000400000,
    lang: "es",
    name: "Dani Retenido",
    email: "dani@example.es",
    message: "Por encima del tope",
    status: "held",
    attempts: 0,
    nextAttemptAt: 1763003600000,
    lastError: null,
    sentAt: null,
    spamReason: null,
    suspicion: null,
    mail: null,
  },
  {
    id: 4,
    createdAt: 1763000300000,
    lang: "es",
    name: "Bot",
    email: "bot@example.net",
    message: "http://spam.example",
    status: "spam",
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    sentAt: null,
    spamReason: "honeypot",
    suspicion: null,
    mail: null,
  },
  {
    id: 3,
    createdAt: 1763000200000,
    lang: "ca",
    name: "Carla Fallida",
    email: "carla@example.cat",
    message: "Missatge",
    status: "failed",
    attempts: 15,
    nextAttemptAt: null,
    lastError: "550 mailbox unavailable",
    sentAt: null,
    spamReason: null,
    suspicion: null,
    mail: null,
  },
  {
    id: 2,
    createdAt: 1763000100000,
    lang: "en",
    name: "Ben Claimed",
    email: "Ben@Example.com",
    message: "Second try pending",
    status: "pending",
    attempts: 2,
    nextAttemptAt: 1763000400000,
    lastError: "421 try again later",
    sentAt: null,
    spamReason: null,
    suspicion: null,
    mail: null,
  },
  {
    id: 1,
    createdAt: 1763000000000,
    lang: "es",
    name: "Ana Enviada",
    email: "ana@example.com",
    message: "Hola, ¿podéis llamarme?",
    status: "sent",
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    sentAt: 1763000001500,
    spamReason: null,
    suspicion: null,
    mail: null,
  },
];

const plain = (rows: unknown[]) => rows.map((row) => ({ ...(row as object) }));

describe(`a database the previous releases made, on ${databaseUnderTest}`, () => {
  it("is upgraded in place: every message, outbox state, limit, secret and count is still there", async () => {
    const location = await previousDatabase();
    const store = await openStore(location);
    try {
      expect(plain(await store.list())).toEqual(fixtureMessages);
      expect(await store.counts()).toEqual({
        pending: 2,
        failed: 1,
        held: 1,
        spam: 1,
        suspected: 1,
      });
      // The rate limit's key is the one the database had: its stored hashes still match.
      expect(store.secret).toBe("0123456789abcdef".repeat(4));
      const key = "9f2c4e1d7a3b5c6d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d";
      expect(await store.hit(key, 1763000000000, 600_000)).toEqual({
        hits: 4,
        resetAt: 4102444800000,
      });
      // The e-mail cap's window had 4 of 5 sent.
      expect(await store.takeMailSlot(1763000000000, 5)).toBe(true);
      expect(await store.takeMailSlot(1763000000000, 5)).toBe(false);
      // Message 2 is still claimed by another server's live lease: only message 7 is due.
      const now = 1763000700000;
      expect((await store.claimDue("new-server", now, 60_000, 10)).map((m) => m.id)).toEqual([7]);
      expect(await store.markSent(2, "web-1:4242", now)).toBe(true);
      expect(await store.get(2)).toMatchObject({ status: "sent", attempts: 3, sentAt: now });
      // New messages follow the old ones.
      expect(
        await store.insert({ lang: "es", name: "Nueva", email: "n@example.com", message: "Hola" }),
      ).toBe(8);

      const stats = createStatsStore(store.driver);
      const counts = await stats.range("2026-11-01", "2026-11-30");
      expect(
        plain(counts).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ).toEqual([
        { day: "2026-11-16", metric: "entry", key: "home", lang: "es", count: 7 },
        { day: "2026-11-16", metric: "source", key: "news.example", lang: "", count: 5 },
        { day: "2026-11-16", metric: "view", key: "about", lang: "en", count: 12 },
        { day: "2026-11-16", metric: "view", key: "home", lang: "es", count: 3000000000 },
        { day: "2026-11-17", metric: "message", key: "", lang: "ca", count: 1 },
      ]);
      await stats.add([{ day: "2026-11-16", metric: "view", key: "home", lang: "es", count: 2 }]);
      expect(
        (await stats.range("2026-11-16", "2026-11-16")).find(
          (row) => row.key === "home" && row.metric === "view",
        )?.count,
      ).toBe(3000000002);
      expect(await stats.reportSent("2026-11-09")).toBe(true);
      expect(await stats.reportSent("2026-11-16")).toBe(false);
      // The week another server was sending stays its own until the lease ends.
      expect(await stats.claimReport("2026-11-16", "new-server", now, now + 60_000)).toBe(false);
    } finally {
      await store.close();
    }
    // The first migration is recorded as done; the old count of steps is left as it was.
    expect(await query(location, "SELECT name FROM kysely_migration ORDER BY name")).toEqual([
      { name: "0001-initial-schema" },
      { name: "0002-bookings" },
      { name: "0003-booking-holds" },
      { name: "0004-panel" },
      { name: "0005-audit-counts" },
    ]);
    const reopened = await openStore(location);
    expect(await reopened.list()).toHaveLength(8);
    await reopened.close();
  });

  it("gives a new database exactly the schema of an upgraded one, whose tables the previous releases made", async () => {
    const previous = await previousDatabase({ rows: false });
    const fresh = await databases.open();
    await (await openStore(fresh)).close();
    const upgraded = await previousDatabase({ rows: false });
    await (await openStore(upgraded)).close();
    const expected = await schemaOf(upgraded);
    expect(await schemaOf(fresh)).toEqual(expected);
    // The later migrations only add (the bookings, the messages' composed e-mail): what the
    // previous releases made is all still there, unchanged.
    const before = await schemaOf(previous);
    if (Array.isArray(before)) {
      const kept = before.filter((table) => table.name !== "messages");
      expect(expected).toEqual(expect.arrayContaining(kept));
    } else {
      for (const [part, rows] of Object.entries(before)) {
        expect((expected as Record<string, unknown>)[part]).toEqual(expect.arrayContaining(rows));
      }
    }
  });

  it.each(Array.from({ length: steps - 1 }, (_, i) => i + 1))(
    "finishes a database the previous releases left at their step %i, keeping its messages",
    async (step) => {
      const location = await previousDatabase({ step, rows: false });
      await run(
        location,
        `INSERT INTO messages (created_at, lang, name, email, message, status, attempts, last_error)
         VALUES (1000, 'ca', 'Antic', 'antic@example.cat', 'Missatge', 'failed', 15, '550')`,
      );
      const store = await openStore(location);
      try {
        expect(await store.list()).toMatchObject([
          {
            id: 1,
            name: "Antic",
            status: "failed",
            attempts: 15,
            lastError: "550",
            suspicion: null,
          },
        ]);
        expect(
          await store.insert({
            lang: "es",
            name: "Nueva",
            email: "n@example.com",
            message: "Hola",
          }),
        ).toBe(2);
      } finally {
        await store.close();
      }
      expect(await schemaOf(location)).toEqual(await schemaOf(await upgradedDatabase()));
    },
  );

  it("is upgraded once when several servers start on it at the same moment", async () => {
    const location = await previousDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore(location)));
    try {
      for (const store of stores) expect(await store.list()).toHaveLength(fixtureMessages.length);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    expect(await query(location, "SELECT name FROM kysely_migration ORDER BY name")).toEqual([
      { name: "0001-initial-schema" },
      { name: "0002-bookings" },
      { name: "0003-booking-holds" },
      { name: "0004-panel" },
      { name: "0005-audit-counts" },
    ]);
  });

  it("refuses a database whose previous count of steps is newer than it knows", async () => {
    const location = await previousDatabase({ rows: false });
    await run(
      location,
      location.url
        ? "INSERT INTO schema_migrations (version) VALUES (99)"
        : "PRAGMA user_version = 99",
    );
    await expect(openStore(location)).rejects.toThrow(
      /0001-initial-schema.*newer than this release/,
    );
  });
});
