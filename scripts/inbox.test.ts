import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { bookingStore } from "#app/booking/store.server.ts";
import { openMessages } from "#tests/support/database.ts";
import { runInbox } from "#scripts/inbox.ts";
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

// The last test starts the command line as the owner does, twice: 60 s, as the `db` project
// gives every test, for a busy machine.
describe(`inbox CLI on ${databaseUnderTest}`, { timeout: 60_000 }, () => {
  const databases = unitTestDatabases();
  let databasePath: string;
  let databaseUrl: string | undefined;
  const env = () => ({
    ...process.env,
    DATABASE_PATH: databasePath,
    DATABASE_URL: databaseUrl ?? "",
  });
  const open = () => openMessages({ url: databaseUrl, path: databasePath });

  /**
   * A command as the owner runs it, in this process: its exit code and what it printed. In
   * English (`--lang en`), which most of these checks read; Spanish is checked on its own.
   */
  async function inbox(...args: string[]) {
    return inboxIn("en", ...args);
  }
  async function inboxIn(lang: string, ...args: string[]) {
    let out = "";
    let err = "";
    const code = await runInbox(
      [...args, "--lang", lang],
      { url: databaseUrl, path: databasePath },
      { out: (text) => (out += text), err: (text) => (err += text) },
    );
    return { code, out, err };
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

  it("lists newest first with the delivery status, then counts what needs attention", async () => {
    const { code, out } = await inbox("list");
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

  it("speaks Spanish by default, with Madrid times, and the language asked for", async () => {
    const store = await open();
    const received = (await store.get(3))?.createdAt ?? 0;
    await store.close();
    const madrid = new Intl.DateTimeFormat("es", {
      timeZone: "Europe/Madrid",
      dateStyle: "medium",
      timeStyle: "short",
    }).format(received);
    let out = "";
    expect(
      await runInbox(
        ["list"],
        { url: databaseUrl, path: databasePath },
        { out: (text) => (out += text), err: () => {} },
      ),
    ).toBe(0);
    const row = out.split("\n").find((line) => line.startsWith("#3"));
    expect(row).toContain(`#3  ${madrid}  pendiente (sospechoso)`);
    expect(out).toContain("En total: 2 pendientes,");
    expect((await inboxIn("ca", "show", "3")).out).toContain("Idioma de la pàgina: ca");
    expect((await inboxIn("de", "list")).out).toContain("Insgesamt: 2 wartend");
    expect((await inboxIn("fr", "list")).code).toBe(2);
  });

  it("lists as JSON", async () => {
    const messages = JSON.parse((await inbox("list", "--json")).out) as {
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

  it("shows one message in full", async () => {
    const { out } = await inbox("show", "3");
    expect(out).toContain('From: Núria, "N" <nuria@example.cat>');
    expect(out).toContain("Línia 1\nLínia 2");
    expect((await inbox("show", "99")).code).toBe(2);
  });

  it("exports CSV that no spreadsheet runs as a formula, whichever separator it reads, and JSON", async () => {
    const csv = (await inbox("export", "--format", "csv")).out;
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
    expect(JSON.parse((await inbox("export", "--format", "json")).out)).toHaveLength(4);
    expect((await inbox("export")).code).toBe(2);
  });

  it("prints no control or format character a visitor typed: list, show, CSV and JSON", async () => {
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
    const shown = (await inbox("show", String(id))).out;
    expect(shown).toContain("From: Eve]0;pwned[31m gnp.exe <eve@example.com>");
    expect(shown).toContain("real line\nfake\nnexthidden2J[2K end");
    expect(shown).not.toContain("\r");
    const listed = (await inbox("list")).out;
    expect(listed).toContain("real line fake next");
    const csv = (await inbox("export", "--format", "csv")).out;
    expect(csv).toContain("real line\nfake\nnext");
    for (const output of [shown, listed, csv]) {
      expect(output).not.toMatch(unprintable);
      expect(output.replace(/\r\n/g, "\n")).not.toContain("\r");
    }
    // JSON keeps the exact text, with what a terminal would act on as escapes.
    for (const json of [
      (await inbox("list", "--json")).out,
      (await inbox("export", "--format", "json")).out,
    ]) {
      expect(json).not.toMatch(unprintable);
      const [newest] = JSON.parse(json) as { name: string; message: string }[];
      expect(newest!.name).toBe("Eve\x1b]0;pwned\x07\x1b[31m \u202Egnp.exe\u200B");
      expect(newest!.message).toContain("\rfake\r\n");
    }
  });

  it("queues one message or every failed one for delivery again", async () => {
    expect((await inbox("retry", "2")).out).toContain("Queued message #2");
    const store = await open();
    expect(await store.get(2)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    await store.claimDue("test", Date.now(), 0, 10);
    await store.markFailed(2, "test", "again");
    await store.close();
    expect((await inbox("retry", "--failed")).out).toContain("Queued 1 failed message(s)");
    expect((await inbox("retry", "4")).code).toBe(2); // spam is never queued
  });

  it("releases a message wrongly kept as spam into the outbox", async () => {
    expect((await inbox("not-spam", "3")).code).toBe(2); // not spam
    expect((await inbox("not-spam", "4")).out).toContain("Released message #4");
    const store = await open();
    expect(await store.get(4)).toMatchObject({ status: "pending", attempts: 0 });
    const due = await store.claimDue("test", Date.now(), 1000, 10);
    await store.close();
    expect(due.map((message) => message.id)).toContain(4); // the outbox takes it
    expect((await inbox("not-spam", "4")).code).toBe(2); // released once
  });

  it("deletes one message, or every message from an address (erasure)", async () => {
    expect((await inbox("delete", "1")).out).toContain("Deleted message #1");
    expect((await inbox("delete", "--email", "NURIA@example.cat")).out).toContain(
      "Deleted 1 message(s)",
    );
    const ids = (JSON.parse((await inbox("list", "--json")).out) as { id: number }[]).map(
      (m) => m.id,
    );
    expect(ids).toEqual([4, 2]);
  });

  it("lists the booked calls, and an erasure deletes an address's bookings too", async () => {
    const store = await open();
    const start = Date.parse("2027-03-29T07:00:00Z");
    await bookingStore(store.database).book(
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
    expect((await inbox("bookings")).out).toContain(
      // 07:00 UTC is 09:00 in Madrid (summer time).
      "Mar 29, 2027, 9:00 AM  booked     Núria Booked <nuria@example.cat> (Ferrer SL)  Una trucada",
    );
    expect((await inbox("delete", "--email", "nuria@EXAMPLE.cat")).out).toContain(
      "Deleted 1 message(s) and 1 booking(s)",
    );
    expect((await inbox("bookings")).out).toContain("No bookings.");
  });

  it("purges messages older than a number of days", async () => {
    expect((await inbox("purge", "--older-than", "365")).out).toContain("Deleted 1 message(s)");
    expect((await inbox("purge", "--older-than", "zero")).code).toBe(2);
    expect(JSON.parse((await inbox("list", "--json")).out)).toHaveLength(3);
  });

  it("backs the SQLite database up to a file that holds every message", async () => {
    const copy = path.join(path.dirname(databasePath), "backup.db");
    if (databaseUrl) {
      expect((await inbox("backup", copy)).err).toContain("pg_dump");
      return;
    }
    expect((await inbox("backup", copy)).out).toContain(`to ${copy}`);
    const restored = await openMessages({ path: copy });
    expect(await restored.list()).toHaveLength(4);
    await restored.close();
  });

  it("explains its usage on a wrong command or option", async () => {
    for (const args of [["frobnicate"], [], ["list", "--colour"]]) {
      const { code, err } = await inbox(...args);
      expect(code, args.join(" ")).toBe(2);
      expect(err, args.join(" ")).toContain("Usage: npm run inbox");
    }
  });

  it("gives the reason and the usage in the language asked for, Spanish by default", async () => {
    const english = await inbox("show", "first");
    expect(english.err).toMatch(/^The message id must be a positive whole number\.\n\nUsage: /);
    expect((await inbox("list", "--limit")).err).toMatch(/^--limit needs a value\./);
    const spanish = await inboxIn("es", "show", "first");
    expect(spanish.code).toBe(2);
    expect(spanish.err).toMatch(
      /^El número del mensaje debe ser un número entero mayor que cero\.\n\nUso: npm run inbox/,
    );
    // The usage names the retention the server applies, from the site's settings.
    expect(spanish.err).toMatch(/el servidor aplica \d+ días por sí solo/);
    expect((await inboxIn("es", "list", "--colour")).err).toMatch(
      /^Opción desconocida: --colour\./,
    );
    expect((await inboxIn("ca", "show", "99")).err).toMatch(/^No hi ha cap missatge núm\. 99\./);
    // A language it does not speak is refused in Spanish.
    const french = await inboxIn("fr", "list");
    expect(french.err).toMatch(/^--lang debe ser uno de estos: es, en, ca, de\.\n\nUso: /);
    // --help prints the usage alone, to standard output.
    expect((await inboxIn("de", "--help")).out).toMatch(/^Aufruf: npm run inbox -- <Befehl>/);
  });

  // The command line itself, as a process: the database from the environment, exit codes.
  it("runs through npm as the README says", () => {
    const out = execFileSync("npm", ["run", "--silent", "inbox", "--", "list"], {
      env: env(),
      encoding: "utf8",
    });
    expect(out).toContain("#4");
    const wrong = spawnSync(process.execPath, ["scripts/inbox.ts", "frobnicate"], {
      env: env(),
      encoding: "utf8",
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^Comando desconocido: «frobnicate»\.\n\nUso: npm run inbox/);
  });
});
