import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMessages } from "#tests/support/database.ts";
import { localDay } from "#app/stats/calendar.ts";
import { createStatsStore } from "#app/stats/store.server.ts";

// `npm run stats` on a database holding what a visitor could make a server store before
// names were cleaned on the way in: the probe's campaign link and hidden characters.
const probe = "\x1b]0;pwned\x07\x1b[31mred";

// Two runs of the CLI, each a Node process that loads the store and its query builder: more
// than the default timeout on a busy machine.
describe("npm run stats", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "stats-cli-"));
  const databasePath = path.join(dir, "site.db");
  beforeAll(async () => {
    const store = await openMessages({ path: databasePath });
    const day = localDay(Date.now());
    await createStatsStore(store.database).add([
      { day, metric: "entry", key: "home", lang: "es", count: 3 },
      { day, metric: "source", key: probe, lang: "", count: 2 },
      { day, metric: "source", key: "google.es\u202E\u200B", lang: "", count: 1 },
      { day, metric: "campaign", key: `${probe} / - / -`, lang: "", count: 2 },
      { day, metric: "notFound", key: "/a\u009B2J\rb\u2066", lang: "", count: 1 },
    ]);
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const stats = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/stats.ts", ...args], {
      env: { ...process.env, DATABASE_PATH: databasePath, DATABASE_URL: "" },
      encoding: "utf8",
    });

  it("prints no control or format character a visitor sent, as a table and as JSON", () => {
    const table = stats();
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/\]0;pwned\[31mred\s+2/);
    expect(table.stdout).toContain("google.es ");
    expect(table.stdout).toContain("/a2J b");
    const json = stats("--json");
    expect(json.status).toBe(0);
    // A line break is the only control either output has.
    for (const output of [table.stdout, json.stdout]) {
      expect(output).not.toMatch(/(?!\n)[\p{Cc}\p{Cf}]/u);
    }
    const report = JSON.parse(json.stdout) as { sources: { key: string; value: number }[] };
    expect(report.sources.map((row) => [row.key, row.value])).toEqual([
      ["]0;pwned[31mred", 2],
      ["google.es", 1],
    ]);
  });

  it("speaks Spanish unless asked for another language", () => {
    expect(stats().stdout).toMatch(/^Visitas, .* \(frente a /);
    expect(stats("--lang", "en").stdout).toMatch(/^Visits \d{4}-\d{2}-\d{2} to /);
    expect(stats("--lang", "ca").stdout).toContain("D’on arriben (visites)");
    expect(stats("--lang", "de").stdout).toMatch(/^Besuche, /);
    expect(stats("--lang", "fr").status).toBe(2);
  });

  it("gives the reason and the usage in the language asked for, Spanish by default", () => {
    const spanish = stats("--from", "2026-13-45");
    expect(spanish.status).toBe(2);
    expect(spanish.stderr).toMatch(
      /^--from debe ser un día escrito AAAA-MM-DD\.\n\nUso: npm run stats -- \[opciones\]/,
    );
    const english = stats("--lang", "en", "--colour");
    expect(english.status).toBe(2);
    expect(english.stderr).toMatch(/^Unknown option --colour\.\n\nUsage: npm run stats/);
    expect(stats("--help", "--lang", "ca").stdout).toMatch(/^Ús: npm run stats -- \[opcions\]/);
  });
});
