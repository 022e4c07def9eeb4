// The panel's numbers: the report of `npm run stats` and the weekly e-mail (app/stats/report.ts,
// the same code) for the last 12 weeks, Madrid days: this week against the one before; visits
// per day as a chart drawn here as SVG (no script), with the same figures in a table for
// screen readers and for reading exact values; the conversions, messages and calls booked;
// the top pages (by title, the address beside), sources, campaigns, devices, languages and
// the addresses visitors asked for that do not exist.
import type express from "express";
import type { ReactNode } from "react";
import { languages } from "#app/config/site.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { allPageIds, pages } from "#app/pages.ts";
import { localizedPath } from "#app/routing/paths.ts";
import { addDays, localDay } from "#app/stats/calendar.ts";
import { formatChange, formatRate, reportWords, spanishWords } from "#app/stats/report-text.ts";
import type { Report, Row } from "#app/stats/report.ts";
import type { StatsStore } from "#app/stats/store.server.ts";
import { loadReport } from "#app/stats/weekly-report.server.ts";
import { renderPage, type PageContext } from "#app/panel/views.tsx";
import { localsOf } from "#server/panel.tsx";

/** A day (YYYY-MM-DD) as its reader writes it in a sentence: "5 de septiembre de 2026". */
const dayIn = (lang: string, day: string) =>
  day
    ? new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${day}T00:00:00Z`),
      )
    : "";

/** Each page of the registry in each language by its address: "/ca/about" → about, Catalan. */
const pageAt = new Map(
  allPageIds.flatMap((page) =>
    languages.map((lang) => [localizedPath(page, lang), { page, lang }] as const),
  ),
);

/**
 * A page as the owner knows it: its title (in the owner's language, with the page's own
 * language when it is another), the address beside it; an article, by its address.
 */
function PageName({ context: { t, lang }, path }: { context: PageContext; path: string }) {
  const found = pageAt.get(path);
  if (!found) return <span className="path">{path}</span>;
  const title = t(`${pages[found.page].meta}.title` as "home.meta.title");
  return (
    <>
      {title}
      {found.lang === lang ? "" : ` (${languageName(found.lang, lang)})`}{" "}
      <span className="path">{path}</span>
    </>
  );
}

/** This week (the last 7 days, today included) against the 7 days before. */
function ThisWeek({ context, report }: { context: PageContext; report: Report }) {
  const { t, lang } = context;
  const number = new Intl.NumberFormat(lang);
  const isNew = t("panel.numbers.new");
  const rows = [
    ["visits", report.totals.visits],
    ["pageViews", report.totals.pageViews],
    ["conversions", report.totals.messages],
    ["questions", report.totals.questions],
  ] as const;
  return (
    <section aria-labelledby="week">
      <h2 id="week">{t("panel.numbers.week")}</h2>
      <p className="hint">
        {t("panel.numbers.weekLead", {
          from: dayIn(lang, report.from),
          to: dayIn(lang, report.to),
          previousFrom: dayIn(lang, report.previousFrom),
          previousTo: dayIn(lang, report.previousTo),
        })}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("panel.numbers.name")}</th>
            <th scope="col">{t("panel.numbers.thisWeek")}</th>
            <th scope="col">{t("panel.numbers.weekBefore")}</th>
            <th scope="col">{t("panel.numbers.change")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, figure]) => (
            <tr key={name}>
              <th scope="row">{t(`panel.numbers.${name}`)}</th>
              <td>{number.format(figure.value)}</td>
              <td>{number.format(figure.previous)}</td>
              <td>{formatChange(figure, { isNew })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Twelve weeks, today included. */
const periodDays = 84;
const listLength = 10;

/** Visits per day as bars, with a light grid: decorative beside the table, named for all. */
function VisitsChart({ context, days }: { context: PageContext; days: Report["days"] }) {
  const { t, lang } = context;
  const width = 840;
  const height = 220;
  // Room above the top label and below the bars for the dates, at a phone's label size.
  const top = 20;
  const bottom = 34;
  const max = Math.max(1, ...days.map((day) => day.visits));
  // A round top for the scale: 1, 2, 5, 10, 20, 50…
  const step = [1, 2, 5].flatMap((base) => [1, 10, 100, 1000, 10_000].map((p) => base * p));
  const ceiling = step.sort((a, b) => a - b).find((value) => value >= max) ?? max;
  const number = new Intl.NumberFormat(lang);
  const scale = [0, ceiling / 2, ceiling];
  // Room for the scale's longest label as a phone draws it (panel.css: 28 units, about 17
  // a character), so that "200" or "1.000" is not cut at the left edge.
  const left = 12 + 17 * Math.max(...scale.map((value) => number.format(value).length));
  const barWidth = (width - left) / days.length;
  const y = (value: number) => top + (height - top - bottom) * (1 - value / ceiling);
  const total = days.reduce((sum, day) => sum + day.visits, 0);
  const short = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="chart-title">
        <title id="chart-title">
          {t("panel.numbers.chartLabel", {
            from: dayIn(lang, days[0]?.day ?? ""),
            to: dayIn(lang, days.at(-1)?.day ?? ""),
            total: number.format(total),
            max: number.format(max),
          })}
        </title>
        {scale.map((value) => (
          <g key={value} className="grid">
            <line x1={left} x2={width} y1={y(value)} y2={y(value)} />
            <text x={left - 6} y={y(value) + 4} textAnchor="end">
              {number.format(value)}
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.day}
            className="bar"
            data-day={day.day}
            data-visits={day.visits}
            x={left + index * barWidth + 1}
            y={y(day.visits)}
            width={Math.max(1, barWidth - 2)}
            height={height - bottom - y(day.visits)}
          />
        ))}
        {days
          .filter((_, index) => index % 14 === 0)
          .map((day) => (
            <text
              key={day.day}
              className="axis"
              x={left + days.indexOf(day) * barWidth}
              y={height - 6}
            >
              {short.format(new Date(`${day.day}T00:00:00Z`))}
            </text>
          ))}
      </svg>
      <figcaption>{t("panel.numbers.chartCaption")}</figcaption>
    </figure>
  );
}

function Breakdown({
  context,
  id,
  title,
  rows,
  names = {},
  hint,
}: {
  context: PageContext;
  id: string;
  title: string;
  rows: Row[];
  names?: Record<string, ReactNode>;
  hint?: string;
}) {
  const { t, lang } = context;
  const number = new Intl.NumberFormat(lang);
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint ? <p className="hint">{hint}</p> : null}
      {rows.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("panel.numbers.name")}</th>
              <th scope="col">{t("panel.numbers.value")}</th>
              <th scope="col">{t("panel.numbers.change")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{names[row.key] ?? row.label}</th>
                <td>{number.format(row.value)}</td>
                <td>{formatChange(row, { isNew: t("panel.numbers.new") })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("panel.numbers.none")}</p>
      )}
    </section>
  );
}

export function numbersSection(
  router: express.Router,
  { stats, flush }: { stats: Pick<StatsStore, "range">; flush: () => Promise<void> },
) {
  router.get("/numbers", async (_req, res) => {
    const { context } = localsOf(res);
    const { t, lang } = context;
    // The counts still in memory first, so the page shows every visit until now.
    await flush();
    const to = localDay(Date.now());
    const from = addDays(to, -(periodDays - 1));
    const [report, week, conversions] = await Promise.all([
      loadReport(stats, { from, to }, listLength),
      loadReport(stats, { from: addDays(to, -6), to }, 0),
      stats.range(from, to),
    ]);
    const words = reportWords[lang] ?? spanishWords;
    const booked = conversions
      .filter((row) => row.metric === "message" && row.key === "booking")
      .reduce((sum, row) => sum + Number(row.count), 0);
    const number = new Intl.NumberFormat(lang);
    const decimal = (value: number) =>
      value.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const { totals } = report;
    const names: Record<string, string> = {
      "(direct)": t("panel.numbers.direct"),
      "(other)": t("panel.numbers.other"),
    };
    res.send(
      renderPage(
        { ...context, section: "numbers" },
        t("panel.numbers.title"),
        <>
          <p>
            {t("panel.numbers.lead", {
              from: dayIn(lang, report.from),
              to: dayIn(lang, report.to),
            })}
          </p>
          <ThisWeek context={context} report={week} />
          <h2>{t("panel.numbers.period")}</h2>
          <dl className="totals">
            <div>
              <dt>{t("panel.numbers.visits")}</dt>
              <dd>{number.format(totals.visits.value)}</dd>
            </div>
            <div>
              <dt>{t("panel.numbers.pageViews")}</dt>
              <dd>{number.format(totals.pageViews.value)}</dd>
            </div>
            <div>
              <dt>{t("panel.numbers.messages")}</dt>
              <dd>{number.format(totals.messages.value - booked)}</dd>
            </div>
            <div>
              <dt>{t("panel.numbers.bookings")}</dt>
              <dd>{number.format(booked)}</dd>
            </div>
            <div>
              <dt>{t("panel.numbers.questions")}</dt>
              <dd>{number.format(totals.questions.value)}</dd>
            </div>
            <div>
              <dt>{t("panel.numbers.unanswered")}</dt>
              <dd>{number.format(totals.unanswered.value)}</dd>
            </div>
            <div>
              <dt>{t("panel.numbers.conversion")}</dt>
              <dd>{formatRate(totals.conversion.value, { decimal })}</dd>
            </div>
          </dl>
          <section aria-labelledby="per-day">
            <h2 id="per-day">{t("panel.numbers.perDay")}</h2>
            <VisitsChart context={context} days={report.days} />
            <details>
              <summary>{t("panel.numbers.table")}</summary>
              <table className="days">
                <caption>{t("panel.numbers.perDay")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("panel.numbers.day")}</th>
                    <th scope="col">{t("panel.numbers.visits")}</th>
                    <th scope="col">{t("panel.numbers.pageViews")}</th>
                    <th scope="col">{t("panel.numbers.conversions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.days.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{dayIn(lang, day.day)}</th>
                      <td>{number.format(day.visits)}</td>
                      <td>{number.format(day.pageViews)}</td>
                      <td>{number.format(day.messages)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
          <Breakdown
            context={context}
            id="pages"
            title={t("panel.numbers.pages")}
            rows={report.pages}
            names={Object.fromEntries(
              report.pages.map((row) => [row.key, <PageName context={context} path={row.key} />]),
            )}
          />
          <Breakdown
            context={context}
            id="sources"
            title={t("panel.numbers.sources")}
            rows={report.sources}
            names={names}
          />
          <Breakdown
            context={context}
            id="languages"
            title={t("panel.numbers.languages")}
            rows={report.languages}
            names={Object.fromEntries(
              report.languages.map((row) => [row.key, languageName(row.key, lang)]),
            )}
          />
          <Breakdown
            context={context}
            id="campaigns"
            title={words.sections.campaigns}
            rows={report.campaigns}
            hint={t("panel.numbers.campaignsHint")}
          />
          <Breakdown
            context={context}
            id="devices"
            title={words.sections.devices}
            rows={report.devices}
            names={words.names}
          />
          <Breakdown
            context={context}
            id="not-found"
            title={words.sections.notFound}
            rows={report.notFound}
            hint={t("panel.numbers.notFoundHint")}
          />
          <p className="hint">{t("panel.numbers.perSource")}</p>
        </>,
      ),
    );
  });
}
