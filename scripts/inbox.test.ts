import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { bookingStore } from "#app/booking/store.server.ts";
import { openStore } from "#app/contact/store.server.ts";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";

const day = 24 * 3600 * 1000;

/** Text a spreadsheet would run as a formula were a cell to start at one of its separators or line breaks. */
const formulas = {
  name: "Ana;=1+2",
  message: 'Hola,=HYPERLINK("http://x.example")\t+34 600;-3 @todos;\t=1\n=2+2',
};

/**
 * Cells as a lenient spreadsheet reads CSV with `separator`: a cell that starts with a quote
 * runs to the closing quote (doubled quotes are one), and whatever follows up to the next
 * separator is added to it; quotes elsewhere are text.
 */
function readAsSpreadsheet(csv: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < csv.length) {
    let cell = "";
    if (csv[i] === '"') {
      for (i++; i < csv.length; i++) {
        if (csv[i] === '"' && csv[i + 1] === '"') cell += csv[i++];
        else if (csv[i] === '"') break;
        else cell += csv[i];
      }
      i++;
    }
    while (i < csv.length && csv[i] !== separator && csv[i] !== "\r" && csv[i] !== "\n")
      cell += csv[i++];
    row.push(cell);
    if (csv[i] === separator) {
      i++;
      continue;
    }
    if (csv[i] === "\r") i++;
    if (csv[i] === "\n") i++;
    rows.push(row);
    row = [];
  }
  return rows;
}

// Most tests run the CLI two or three times, each a Node process that loads the store and its
// query builder (about half a second on an idle machine): more than the default timeout on a
// busy one. 60 s, as the `db` project gives every test.
describe(`inbox CLI on ${databaseUnderTest}`, { timeout: 60_000 }, () => {
  const databases = unitTestDatabases();
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

  afterAll(() => databases.stop());

  beforeEach(async () => {
    ({ path: databasePath, url: databaseUrl } = await databases.open());
    const store = await open();
    const now = Date.now();
    await store.insert({ ...formulas, lang: "es", email: "old@example.com" }, now - 400 * day);
    const failed = await store.insert(
      { lang: "en", name: "Failed", email: "f@example.com", message: "=SUM(A1)" },
      now - 2 * day,
    );
    await store.claimDue("test", now, 0, 10);
    await store.markFailed(failed, "test", "550 mailbox unavailable");
    await store.insert(
      {
        lang: "ca",
        name: 'Núria, "N"',
        email: "nuria@example.cat",
        message: "Línia 1\nLínia 2",
        suspicion: "too-fast",
      },
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

  it("lists newest first with the delivery status, then counts what needs attention", () => {
    const { code, out } = inbox("list");
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    const rows = lines.filter((line) => line.startsWith("#"));
    expect(rows.map((line) => line.split(/\s+/)[0])).toEqual(["#4", "#3", "#2", "#1"]);
    expect(rows[0]).toContain("spam");
    expect(rows[1]).toContain("pending (suspected)");
    expect(rows[2]).toContain("failed");
    expect(lines.at(-1)).toBe(
      "In all: 2 pending, 0 held for the summary e-mail, 1 failed, 1 kept as spam, 1 suspected (e-mailed, marked as possible spam).",
    );
  });

  it("lists as JSON", () => {
    const messages = JSON.parse(inbox("list", "--json").out) as {
      id: number;
      status: string;
      suspicion: string | null;
    }[];
    expect(messages.map((m) => [m.id, m.status, m.suspicion])).toEqual([
      [4, "spam", null],
      [3, "pending", "too-fast"],
      [2, "failed", null],
      [1, "pending", null],
    ]);
  });

  it("shows one message in full", () => {
    const { out } = inbox("show", "3");
    expect(out).toContain('From: Núria, "N" <nuria@example.cat>');
    expect(out).toContain("Línia 1\nLínia 2");
    expect(inbox("show", "99").code).toBe(2);
  });

  it("exports CSV that no spreadsheet runs as a formula, whichever separator it reads, and JSON", () => {
    const csv = inbox("export", "--format", "csv").out;
    for (const separator of [",", ";", "\t"]) {
      const cells = readAsSpreadsheet(csv, separator).flat();
      expect(
        cells.filter((cell) => /^[=+\-@\t\r]/.test(cell)),
        `split on ${separator}`,
      ).toEqual([]);
    }
    // Read with the separator it was written with: the columns, and every text readable.
    const [header, ...rows] = readAsSpreadsheet(csv, ",");
    expect(header).toEqual([
      "id",
      "receivedAt",
      "status",
      "attempts",
      "lastError",
      "sentAt",
      "spamReason",
      "suspicion",
      "lang",
      "name",
      "email",
      "message",
    ]);
    const readable = (cell: string) => cell.replace(/(^|[,;\t\r\n])'(?=[=+\-@\t\r])/g, "$1");
    const column = (name: string) => rows.map((row) => readable(row[header!.indexOf(name)]!));
    expect(column("name")).toEqual(["Bot", 'Núria, "N"', "Failed", formulas.name]);
    expect(column("message")).toEqual(["spam", "Línia 1\nLínia 2", "=SUM(A1)", formulas.message]);
    expect(JSON.parse(inbox("export", "--format", "json").out)).toHaveLength(4);
    expect(inbox("export").code).toBe(2);
  });

  // Six runs of the CLI: more than the default timeout on a busy machine.
  it(
    "prints no control or format character a visitor typed: list, show, CSV and JSON",
    { timeout: 30_000 },
    async () => {
      const store = await open();
      const id = await store.insert(
        {
          lang: "es",
          // The probe's terminal escape (retitle, colour), a right-to-left override, zero-width.
          name: "Eve\x1b]0;pwned\x07\x1b[31m \u202Egnp.exe\u200B",
          email: "eve@example.com",
          // A lone CR would move the cursor back, so "fake" would overwrite what came before.
          message: "real line\rfake\r\nnext\u2066hidden\u2069\u009B2J\x1b[2K end",
        },
        Date.now(),
      );
      await store.close();
      // Line breaks (CRLF between CSV records) and tabs are the only controls left.
      const unprintable = /(?![\n\r\t])[\p{Cc}\p{Cf}]/u;
      const shown = inbox("show", String(id)).out;
      expect(shown).toContain("From: Eve]0;pwned[31m gnp.exe <eve@example.com>");
      expect(shown).toContain("real line\nfake\nnexthidden2J[2K end");
      expect(shown).not.toContain("\r");
      const listed = inbox("list").out;
      expect(listed).toContain("real line fake next");
      const csv = inbox("export", "--format", "csv").out;
      expect(csv).toContain("real line\nfake\nnext");
      for (const output of [shown, listed, csv]) {
        expect(output).not.toMatch(unprintable);
        expect(output.replace(/\r\n/g, "\n")).not.toContain("\r");
      }
      // JSON keeps the exact text, with what a terminal would act on as escapes.
      for (const json of [inbox("list", "--json").out, inbox("export", "--format", "json").out]) {
        expect(json).not.toMatch(unprintable);
        const [newest] = JSON.parse(json) as { name: string; message: string }[];
        expect(newest!.name).toBe("Eve\x1b]0;pwned\x07\x1b[31m \u202Egnp.exe\u200B");
        expect(newest!.message).toContain("\rfake\r\n");
      }
    },
  );

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

  it("lists the booked calls, and an erasure deletes an address's bookings too", async () => {
    const store = await open();
    const start = Date.parse("2027-03-29T07:00:00Z");
    await bookingStore(store.driver).book(
      {
        createdAt: Date.now(),
        lang: "ca",
        name: "Núria Booked",
        email: "nuria@example.cat",
        company: "Ferrer SL",
        topic: "Una trucada",
        start,
        end: start + 30 * 60_000,
      },
      () => [],
      Date.now(),
    );
    await store.close();
    expect(inbox("bookings").out).toContain(
      "2027-03-29T07:00:00.000Z  booked     Núria Booked <nuria@example.cat> (Ferrer SL)  Una trucada",
    );
    expect(inbox("delete", "--email", "nuria@EXAMPLE.cat").out).toContain(
      "Deleted 1 message(s) and 1 booking(s)",
    );
    expect(inbox("bookings").out).toContain("No bookings.");
  });

  it("purges messages older than a number of days", () => {
    expect(inbox("purge", "--older-than", "365").out).toContain("Deleted 1 message(s)");
    expect(inbox("purge", "--older-than", "zero").code).toBe(2);
    expect(JSON.parse(inbox("list", "--json").out)).toHaveLength(3);
  });

  it("backs the SQLite database up to a file that holds every message", async () => {
    const copy = path.join(path.dirname(databasePath), "backup.db");
    if (databaseUrl) {
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
