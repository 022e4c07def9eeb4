// Counts kept in memory and added to the database every few seconds, so a page never waits
// for the database and a database error never reaches a visitor.
import type { Logger } from "#app/config/log.server.ts";
import { printableLine } from "#app/text/printable.ts";
import { localDay } from "#app/stats/calendar.ts";
import type { Metric, StatsStore } from "#app/stats/store.server.ts";

/** Longest 404 path kept; longer ones are cut (a scanner's URL can be 16 KB). */
const maxPathLength = 120;
/**
 * Distinct keys a free-form metric (404 paths, sources, campaigns) may take per day in this
 * process, so a scanner cannot grow the table. Past it, a new key takes the place of the
 * least-counted one, whose counts move to `(other)`: a flood of one-off keys cannot hide a
 * source or a broken link that is counted often.
 */
export const maxKeysPerDay = 200;
export const otherKey = "(other)";
const bounded: ReadonlySet<Metric> = new Set(["notFound", "source", "campaign"]);

/** A key of a free-form metric this process keeps today under its own name. */
type Tracked = {
  /** Its count today in this process: the least-counted key is the one evicted. */
  count: number;
  /** When it was last counted (a sequence number): of equally counted keys the oldest goes. */
  seen: number;
  /** Its counts reached the database, so an eviction must move its row to `(other)` there. */
  written: boolean;
  langs: Set<string>;
};

/**
 * `add` counts one event now (day of `now()` in the owner's zone); `flush` writes what has
 * been counted since the last one. A failed write drops its counts and is logged once, until
 * a write succeeds again.
 */
export function createCounter(
  store: Pick<StatsStore, "add" | "fold">,
  { now = Date.now, flushMs, log }: { now?: () => number; flushMs: number; log: Logger },
) {
  let pending = new Map<string, number>();
  let keysDay = "";
  const tracked = new Map<Metric, Map<string, Tracked>>();
  let sequence = 0;
  /** Keys evicted after their counts were written, by `day\tmetric`: folded at the next write. */
  let folds = new Map<string, Set<string>>();
  let failing = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const idOf = (day: string, metric: Metric, key: string, lang: string) =>
    `${day}\t${metric}\t${key}\t${lang}`;

  /**
   * Makes room for a new key: the least-counted one goes (the least recently counted of
   * those), its counts to `(other)`. A newcomer starts at 1, so keys seen once only replace
   * each other, however many a flood brings, and a key counted twice stays until as many
   * keys are counted more often. (Space-saving, which lets a newcomer inherit the evicted
   * count, would let a scanner's thousands of one-off 404s push out real broken links.)
   */
  function evict(day: string, metric: Metric, keys: Map<string, Tracked>) {
    let victim: [string, Tracked] | undefined;
    for (const entry of keys) {
      const [, candidate] = entry;
      if (
        !victim ||
        candidate.count < victim[1].count ||
        (candidate.count === victim[1].count && candidate.seen < victim[1].seen)
      )
        victim = entry;
    }
    if (!victim) return;
    const [key, { written, langs }] = victim;
    keys.delete(key);
    for (const lang of langs) {
      const id = idOf(day, metric, key, lang);
      const count = pending.get(id);
      if (count === undefined) continue;
      pending.delete(id);
      const other = idOf(day, metric, otherKey, lang);
      pending.set(other, (pending.get(other) ?? 0) + count);
    }
    if (written) {
      const where = `${day}\t${metric}`;
      let evicted = folds.get(where);
      if (!evicted) folds.set(where, (evicted = new Set()));
      evicted.add(key);
    }
  }

  /** Counts `key` among the metric's keys of the day, making room for it if it is new. */
  function track(day: string, metric: Metric, key: string, lang: string) {
    if (day !== keysDay) {
      keysDay = day;
      tracked.clear();
    }
    // (other) is where evicted counts go: never ranked, never evicted.
    if (key === otherKey) return;
    let keys = tracked.get(metric);
    if (!keys) tracked.set(metric, (keys = new Map()));
    sequence += 1;
    const known = keys.get(key);
    if (known) {
      known.count += 1;
      known.seen = sequence;
      known.langs.add(lang);
      return;
    }
    if (keys.size >= maxKeysPerDay) evict(day, metric, keys);
    keys.set(key, { count: 1, seen: sequence, written: false, langs: new Set([lang]) });
  }

  function add(metric: Metric, key = "", lang = "") {
    const day = localDay(now());
    let kept = key;
    if (bounded.has(metric)) {
      // A visitor's text: never a terminal escape or a bidi override in the owner's report.
      kept = printableLine(metric === "notFound" ? key.slice(0, maxPathLength) : key);
      track(day, metric, kept, lang);
    }
    const id = idOf(day, metric, kept, lang);
    pending.set(id, (pending.get(id) ?? 0) + 1);
  }

  async function write() {
    if (pending.size === 0 && folds.size === 0) return;
    const batch = pending;
    const evicted = folds;
    pending = new Map();
    folds = new Map();
    const rows = [...batch].map(([id, count]) => {
      const [day = "", metric = "", key = "", lang = ""] = id.split("\t");
      // From now on an eviction of this key must move its row in the database too.
      if (day === keysDay) {
        const entry = tracked.get(metric as Metric)?.get(key);
        if (entry) entry.written = true;
      }
      return { day, metric: metric as Metric, key, lang, count };
    });
    try {
      // Folds first: a key evicted and counted again since has new counts in `rows`, which
      // must not be moved to (other) with the old ones.
      for (const [where, keys] of evicted) {
        const [day = "", metric = ""] = where.split("\t");
        await store.fold(day, metric as Metric, [...keys], otherKey);
      }
      await store.add(rows);
      if (failing) log.info("visit counts are written to the database again");
      failing = false;
    } catch (error) {
      if (!failing) {
        log.error(
          { err: error, dropped: rows.length },
          "could not write visit counts; they are dropped until the database answers again (logged once)",
        );
      }
      failing = true;
    }
  }

  /** One write at a time; a call during a write waits for it, then writes what came since. */
  async function flush() {
    while (running) await running;
    running = write().finally(() => (running = undefined));
    await running;
  }

  return {
    add,
    flush,
    /** Counts not yet written (for tests and the health of the counter). */
    get pendingSize() {
      return pending.size;
    },
    start() {
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    /** Stops the timer and writes what is left (on SIGTERM, before the database closes). */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
