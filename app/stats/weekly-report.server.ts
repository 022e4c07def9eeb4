// The weekly report: Monday at 08:00, Madrid time, to the owner; once per week however many
// servers run, as the outbox does with messages: the week is claimed in the database.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Logger } from "#app/config/log.server.ts";
import { latestReportSlot } from "#app/stats/calendar.ts";
import { buildReport, previousPeriod, type Report } from "#app/stats/report.ts";
import type { StatsStore } from "#app/stats/store.server.ts";

/** Rows per list in the e-mail. */
const listLength = 10;
/** A server that starts after Monday 08:00 (down, restarted) still sends that week's report until then. */
const lateByMs = 2 * 24 * 3600_000;
/** After a failed send, the next try (by any server). */
const retryMs = 15 * 60_000;

/** The report of `from`…`to` against the period before, from the database. */
export async function loadReport(
  store: Pick<StatsStore, "range">,
  period: { from: string; to: string },
  limit?: number,
): Promise<Report> {
  const before = previousPeriod(period.from, period.to);
  const [current, previous] = await Promise.all([
    store.range(period.from, period.to),
    store.range(before.from, before.to),
  ]);
  return buildReport(period, current, previous, limit);
}

/**
 * Checks every `checkMs` whether this week's report is due and not yet sent, and sends it
 * when this server wins the claim. `check` runs one such check (the tests call it with a
 * clock of their own). A failed send is logged and tried again after a pause.
 */
export function createWeeklyReport(
  store: StatsStore,
  send: (report: Report) => Promise<void>,
  {
    now = Date.now,
    leaseMs,
    checkMs = 60_000,
    log,
  }: { now?: () => number; leaseMs: number; checkMs?: number; log: Logger },
) {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  /** The week this server knows is sent: no database query until the next one. */
  let doneWeek = "";

  async function attempt(): Promise<boolean> {
    const at = now();
    const slot = latestReportSlot(at);
    if (slot.week === doneWeek || at - slot.at > lateByMs) return false;
    if (!(await store.claimReport(slot.week, owner, at, at + leaseMs))) {
      if (await store.reportSent(slot.week)) doneWeek = slot.week;
      return false;
    }
    try {
      await send(await loadReport(store, slot, listLength));
    } catch (error) {
      log.error(
        { err: error, week: slot.week },
        "weekly report: could not send it; will try again",
      );
      await store.releaseReport(slot.week, owner, now() + retryMs);
      return false;
    }
    if (!(await store.markReportSent(slot.week, owner, now()))) {
      log.warn(
        { week: slot.week },
        "weekly report: sent, but the claim ran out before it was recorded",
      );
    }
    doneWeek = slot.week;
    log.info({ week: slot.week }, "weekly report sent");
    return true;
  }

  /** One check; resolves with true when this call sent the report. Never rejects. */
  function check(): Promise<boolean> {
    running ??= attempt()
      .catch((error: unknown) => {
        log.error({ err: error }, "weekly report: check failed; will try again");
        return false;
      })
      .finally(() => (running = undefined));
    return running;
  }

  return {
    check,
    start() {
      timer = setInterval(() => void check(), checkMs);
      timer.unref();
      void check();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
