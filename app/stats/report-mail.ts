// The weekly report e-mail, in Spanish: HTML tables with bars drawn as coloured cells (no
// images, no stylesheet: inline styles are what mail clients keep) and a plain-text part.
import type { Figure, Report, Row } from "#app/stats/report.ts";
import {
  formatChange,
  formatPoints,
  formatRate,
  label,
  reportText,
  spanishSpan,
  spanishWords as words,
} from "#app/stats/report-text.ts";

const brand = "#1f4e8c";
const muted = "#5b6472";
const line = "#e3e7ee";
const font = "font-family:Arial,Helvetica,sans-serif;";

/** 404 paths and campaign names come from visitors' URLs: never HTML. */
const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

/** A bar as a two-cell table: mail clients render widths on cells, not on divs. */
function bar(value: number, max: number): string {
  const share = max > 0 ? Math.max(value > 0 ? 2 : 0, Math.round((value / max) * 100)) : 0;
  if (share === 0) return "";
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr><td width="${share}%" height="10" bgcolor="${brand}" style="background:${brand};height:10px;font-size:0;line-height:0">&nbsp;</td>${share < 100 ? `<td style="font-size:0;line-height:0">&nbsp;</td>` : ""}</tr></table>`;
}

const changeColour = (figure: Figure) =>
  figure.change === null || figure.change > 0 ? "#1d7a46" : figure.change < 0 ? "#a33a2b" : muted;

const cell = (content: string, style = "") =>
  `<td style="${font}font-size:14px;padding:6px 8px;border-bottom:1px solid ${line};${style}">${content}</td>`;
const head = (content: string, style = "") =>
  `<th style="${font}font-size:12px;font-weight:bold;color:${muted};text-align:left;padding:6px 8px;border-bottom:2px solid ${line};${style}">${content}</th>`;

function section(title: string, rows: Row[]): string {
  const max = Math.max(0, ...rows.map((row) => row.value));
  const body = rows.length
    ? rows
        .map(
          (row) =>
            `<tr>${cell(escape(label(row, words)), "word-break:break-all")}${cell(words.number(row.value), "text-align:right;white-space:nowrap")}${cell(formatChange(row, words), `text-align:right;white-space:nowrap;color:${changeColour(row)}`)}${cell(bar(row.value, max), "width:35%")}</tr>`,
        )
        .join("")
    : `<tr>${cell(words.none, `color:${muted}`)}</tr>`;
  return `<h2 style="${font}font-size:16px;color:#17202e;margin:28px 0 8px">${escape(title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${body}</table>`;
}

function tile(name: string, value: string, change: string, colour: string): string {
  return `<td width="25%" valign="top" style="${font}padding:12px;border:1px solid ${line};background:#f6f8fb">
<div style="font-size:12px;color:${muted}">${name}</div>
<div style="font-size:24px;font-weight:bold;color:#17202e;margin-top:4px">${value}</div>
<div style="font-size:12px;color:${colour};margin-top:2px">${change} frente al periodo anterior</div></td>`;
}

/** The HTML part: a 640-pixel column of tables. */
export function reportHtml(report: Report, siteName: string): string {
  const { totals } = report;
  const maxDay = Math.max(0, ...report.days.map((day) => day.visits));
  const dayName = (day: string) =>
    new Intl.DateTimeFormat("es-ES", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
  const days = report.days
    .map(
      (day) =>
        `<tr>${cell(dayName(day.day), "white-space:nowrap")}${cell(words.number(day.visits), "text-align:right")}${cell(words.number(day.pageViews), "text-align:right")}${cell(words.number(day.messages), "text-align:right")}${cell(bar(day.visits, maxDay), "width:35%")}</tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(siteName)}: informe semanal</title></head>
<body style="margin:0;padding:0;background:#ffffff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="max-width:640px;width:100%">
<tr><td style="${font}">
<div style="font-size:13px;color:${muted}">${escape(siteName)} · informe semanal</div>
<h1 style="font-size:22px;color:#17202e;margin:4px 0 4px">${escape(words.title(report))}</h1>
<p style="font-size:13px;color:${muted};margin:0 0 16px">Cifras propias del sitio, sin cookies ni datos de ninguna persona: solo recuentos diarios.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="6" style="border-collapse:separate"><tr>
${tile(words.totals.visits, words.number(totals.visits.value), formatChange(totals.visits, words), changeColour(totals.visits))}
${tile(words.totals.pageViews, words.number(totals.pageViews.value), formatChange(totals.pageViews, words), changeColour(totals.pageViews))}
${tile(words.totals.messages, words.number(totals.messages.value), formatChange(totals.messages, words), changeColour(totals.messages))}
${tile(words.totals.conversion, formatRate(totals.conversion.value, words), formatPoints(totals.conversion, words), changeColour(totals.conversion))}
</tr></table>
<p style="font-size:13px;color:${muted};margin:8px 0 0">${words.totals.questions}: ${words.number(totals.questions.value)} (${formatChange(totals.questions, words)}) · ${words.totals.unanswered}: ${words.number(totals.unanswered.value)} (${formatChange(totals.unanswered, words)})</p>
<h2 style="${font}font-size:16px;color:#17202e;margin:28px 0 8px">${words.sections.days}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">
<tr>${head(words.columns.day)}${head(words.totals.visits, "text-align:right")}${head(words.totals.pageViews, "text-align:right")}${head(words.totals.messages, "text-align:right")}${head("")}</tr>
${days}</table>
${section(words.sections.pages, report.pages)}
${section(words.sections.sources, report.sources)}
${section(words.sections.campaigns, report.campaigns)}
${section(words.sections.languages, report.languages)}
${section(words.sections.devices, report.devices)}
${section(words.sections.notFound, report.notFound)}
<p style="font-size:12px;color:${muted};margin:28px 0 0">Más detalle en el servidor: <code>npm run stats</code> (o <code>npm run stats -- --from AAAA-MM-DD --to AAAA-MM-DD</code>).</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

/** The whole e-mail: subject, plain text and HTML. */
export function composeReport(
  report: Report,
  { siteName, from, to }: { siteName: string; from: string; to: string },
) {
  const visits = words.number(report.totals.visits.value);
  const messages = words.number(report.totals.messages.value);
  return {
    from,
    to,
    subject: `${siteName}: ${visits} visitas y ${messages} mensajes (${spanishSpan(report.from, report.to)})`,
    text: `${reportText(report, words)}\n\n--\nMás detalle en el servidor: npm run stats`,
    html: reportHtml(report, siteName),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}
