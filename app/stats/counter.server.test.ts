import { describe, expect, it, vi } from "vitest";
import type { Logger } from "#app/config/log.server.ts";
import { createCounter } from "#app/stats/counter.server.ts";
import type { DailyCount } from "#app/stats/store.server.ts";

const fakeLog = () => ({ error: vi.fn(), info: vi.fn(), warn: vi.fn() });

function setup(fail = () => false) {
  const written: DailyCount[][] = [];
  const log = fakeLog();
  let clock = Date.parse("2026-11-23T10:00:00Z");
  const counter = createCounter(
    {
      add: async (rows) => {
        if (fail()) throw new Error("database is down");
        written.push(rows);
      },
      // Nothing is evicted in these tests (the cap's are in store.server.test.ts, on a real database).
      fold: async () => {
        throw new Error("not expected here");
      },
    },
    { now: () => clock, flushMs: 1000, log: log as unknown as Logger },
  );
  return { counter, written, log, setClock: (iso: string) => (clock = Date.parse(iso)) };
}

const sorted = (rows: DailyCount[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("the in-memory counts", () => {
  it("add up per day, metric, key and language, and are written in one batch", async () => {
    const { counter, written, setClock } = setup();
    counter.add("view", "about", "en");
    counter.add("view", "about", "en");
    counter.add("view", "about", "es");
    counter.add("message", "", "ca");
    setClock("2026-11-23T23:30:00Z"); // 00:30 on the 24th in Madrid
    counter.add("view", "about", "en");
    await counter.flush();
    expect(written).toHaveLength(1);
    expect(sorted(written[0]!)).toEqual(
      sorted([
        { day: "2026-11-23", metric: "view", key: "about", lang: "en", count: 2 },
        { day: "2026-11-23", metric: "view", key: "about", lang: "es", count: 1 },
        { day: "2026-11-23", metric: "message", key: "", lang: "ca", count: 1 },
        { day: "2026-11-24", metric: "view", key: "about", lang: "en", count: 1 },
      ]),
    );
    await counter.flush();
    expect(written).toHaveLength(1);
  });

  it("cut long 404 paths and keep no control or format character of a visitor's text", async () => {
    const { counter, written } = setup();
    counter.add("notFound", `/${"x".repeat(5000)}`);
    counter.add("notFound", "/a\u009B2J\u202Eb\x1b[1m");
    counter.add("source", "goo\u200Bgle.es");
    counter.add("view", "home", "es");
    await counter.flush();
    expect(written[0]!.map((row) => [row.metric, row.key]).sort()).toEqual([
      ["notFound", "/a2Jb[1m"],
      ["notFound", `/${"x".repeat(119)}`],
      ["source", "google.es"],
      ["view", "home"],
    ]);
  });

  it("a database error drops the batch and is logged once until writes work again", async () => {
    let down = true;
    const { counter, written, log } = setup(() => down);
    for (let round = 0; round < 3; round++) {
      counter.add("view", "home", "es");
      await counter.flush();
    }
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(counter.pendingSize).toBe(0);
    down = false;
    counter.add("view", "home", "en");
    await counter.flush();
    expect(written).toEqual([
      [{ day: "2026-11-23", metric: "view", key: "home", lang: "en", count: 1 }],
    ]);
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it("stop writes what is left", async () => {
    const { counter, written } = setup();
    counter.start();
    counter.add("entry", "home", "es");
    await counter.stop();
    expect(written).toHaveLength(1);
  });
});
