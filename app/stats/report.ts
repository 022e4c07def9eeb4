// The owner's figures for a period, each beside the period of equal length before it: what
// `npm run stats` prints and the weekly e-mail shows. Pure: rows in, figures out.
import type { Language } from "#app/config/site.ts";
import { isPageId } from "#app/pages.ts";
import { localizedPath } from "#app/routing/paths.ts";
import { printableLine } from "#app/text/printable.ts";
import { addDays, daysBetween } from "#app/stats/calendar.ts";
import type { DailyCount, Metric } from "#app/stats/store.server.ts";

/** A number this period and the one before; `change` is relative, null when it was 0. */
export type Figure = { value: number; previous: number; change: number | null };

export type Row = Figure & { key: string; label: string };

export type Report = {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  totals: {
    /** Visits: page views that entered the site from outside it. */
    visits: Figure;
    pageViews: Figure;
    /** Contact messages kept as not spam, and calls booked (key `booking`): the conversions. */
    messages: Figure;
    /** Messages per visit; its `change` is the difference in percentage points. */
    conversion: Figure;
    /** Questions asked on /ask (their text is never kept), and those it could not answer. */
    questions: Figure;
    unanswered: Figure;
  };
  days: { day: string; visits: number; pageViews: number; messages: number }[];
  pages: Row[];
  sources: Row[];
  campaigns: Row[];
  languages: Row[];
  devices: Row[];
  notFound: Row[];
};

/** The period of the same length just before `from`…`to`. */
export function previousPeriod(from: string, to: string) {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

function figure(value: number, previous: number): Figure {
  return {
    value,
    previous,
    change: previous === 0 ? (value === 0 ? 0 : null) : (value - previous) / previous,
  };
}

/** A registry page by its URL in that language; an article (kept by path) as it is. */
function pageLabel(key: string, lang: string): string {
  return isPageId(key) ? localizedPath(key, lang as Language) : key;
}

function breakdown(
  current: DailyCount[],
  previous: DailyCount[],
  metric: Metric,
  keyOf: (row: DailyCount) => string,
  labelOf: (key: string) => string,
  limit: number,
): Row[] {
  const sum = (rows: DailyCount[]) => {
    const totals = new Map<string, number>();
    for (const row of rows) {
      if (row.metric !== metric) continue;
      const key = keyOf(row);
      totals.set(key, (totals.get(key) ?? 0) + Number(row.count));
    }
    return totals;
  };
  const now = sum(current);
  const before = sum(previous);
  return [...now]
    .map(([key, value]) => ({ key, label: labelOf(key), ...figure(value, before.get(key) ?? 0) }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label))
    .slice(0, limit);
}

/** A question /ask handed over to a person (app/stats/service.server.ts). */
const unanswered = (row: DailyCount) => row.key === "unanswered";

const total = (rows: DailyCount[], metric: Metric) =>
  rows.reduce((sum, row) => (row.metric === metric ? sum + Number(row.count) : sum), 0);

/**
 * The report of `from`…`to` from the counts of that period (`current`) and of the period
 * before (`previous`). `limit`: rows per list (the JSON output has them all).
 */
export function buildReport(
  { from, to }: { from: string; to: string },
  current: DailyCount[],
  previous: DailyCount[],
  limit = Number.POSITIVE_INFINITY,
): Report {
  const before = previousPeriod(from, to);
  const visits = total(current, "entry");
  const previousVisits = total(previous, "entry");
  const messages = total(current, "message");
  const previousMessages = total(previous, "message");
  const rate = (m: number, v: number) => (v === 0 ? 0 : m / v);
  const conversion = rate(messages, visits);
  const previousConversion = rate(previousMessages, previousVisits);

  const days = Array.from({ length: daysBetween(from, to) }, (_, i) => {
    const day = addDays(from, i);
    const ofDay = current.filter((row) => row.day === day);
    return {
      day,
      visits: total(ofDay, "entry"),
      pageViews: total(ofDay, "view"),
      messages: total(ofDay, "message"),
    };
  });

  const same = (key: string) => key;
  // Sources, campaigns and 404 paths are visitors' text. Rows stored before names were
  // cleaned on the way in may still hold terminal escapes or bidi overrides: every output
  // (terminal, e-mail, JSON) gets them without, and names that differ only by such
  // characters add up as one.
  const visitorText = (row: DailyCount) => printableLine(row.key);
  return {
    from,
    to,
    previousFrom: before.from,
    previousTo: before.to,
    totals: {
      visits: figure(visits, previousVisits),
      pageViews: figure(total(current, "view"), total(previous, "view")),
      messages: figure(messages, previousMessages),
      conversion: {
        value: conversion,
        previous: previousConversion,
        change: conversion - previousConversion,
      },
      questions: figure(total(current, "question"), total(previous, "question")),
      unanswered: figure(
        total(current.filter(unanswered), "question"),
        total(previous.filter(unanswered), "question"),
      ),
    },
    days,
    pages: breakdown(
      current,
      previous,
      "view",
      // A page in a language is its URL.
      (row) => pageLabel(row.key, row.lang),
      same,
      limit,
    ),
    sources: breakdown(current, previous, "source", visitorText, same, limit),
    campaigns: breakdown(current, previous, "campaign", visitorText, same, limit),
    languages: breakdown(current, previous, "view", (row) => row.lang, same, limit),
    devices: breakdown(current, previous, "device", (row) => row.key, same, limit),
    notFound: breakdown(current, previous, "notFound", visitorText, same, limit),
  };
}
