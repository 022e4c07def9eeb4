import { describe, expect, it } from "vitest";
import { buildReport, previousPeriod } from "#app/stats/report.ts";
import { reportText, englishWords } from "#app/stats/report-text.ts";
import { composeReport } from "#app/stats/report-mail.ts";
import type { DailyCount, Metric } from "#app/stats/store.server.ts";

const row = (
  day: string,
  metric: Metric,
  key: string,
  lang: string,
  count: number,
): DailyCount => ({
  day,
  metric,
  key,
  lang,
  count,
});

const current = [
  row("2026-11-16", "view", "home", "es", 10),
  row("2026-11-16", "view", "about", "en", 5),
  row("2026-11-17", "view", "/insights/where-to-start", "es", 4),
  row("2026-11-16", "entry", "home", "es", 6),
  row("2026-11-17", "entry", "about", "en", 2),
  row("2026-11-16", "source", "(direct)", "", 5),
  row("2026-11-17", "source", "linkedin", "", 3),
  row("2026-11-17", "campaign", "linkedin / social / winter", "", 3),
  row("2026-11-16", "device", "phone", "", 5),
  row("2026-11-17", "device", "desktop", "", 3),
  row("2026-11-17", "notFound", "/wp-login.php", "", 7),
  row("2026-11-17", "message", "", "en", 2),
];
const previous = [
  row("2026-11-10", "view", "home", "es", 20),
  row("2026-11-10", "entry", "home", "es", 4),
  row("2026-11-10", "source", "(direct)", "", 4),
  row("2026-11-10", "message", "", "es", 1),
];

describe("the report", () => {
  const report = buildReport({ from: "2026-11-16", to: "2026-11-22" }, current, previous);

  it("compares with the period of the same length just before", () => {
    expect(previousPeriod("2026-11-16", "2026-11-22")).toEqual({
      from: "2026-11-09",
      to: "2026-11-15",
    });
    expect(previousPeriod("2026-11-01", "2026-11-28")).toEqual({
      from: "2026-10-04",
      to: "2026-10-31",
    });
    expect(report).toMatchObject({ previousFrom: "2026-11-09", previousTo: "2026-11-15" });
  });

  it("adds up visits, page views and messages, with changes and the conversion rate", () => {
    expect(report.totals.visits).toEqual({ value: 8, previous: 4, change: 1 });
    expect(report.totals.pageViews).toEqual({ value: 19, previous: 20, change: -0.05 });
    expect(report.totals.messages).toEqual({ value: 2, previous: 1, change: 1 });
    expect(report.totals.conversion.value).toBeCloseTo(0.25);
    expect(report.totals.conversion.change).toBeCloseTo(0);
  });

  it("counts a booked call as a conversion beside the messages", () => {
    const withBooking = buildReport(
      { from: "2026-11-16", to: "2026-11-22" },
      [...current, row("2026-11-18", "message", "booking", "ca", 1)],
      previous,
    );
    expect(withBooking.totals.messages.value).toBe(3);
    expect(withBooking.totals.conversion.value).toBeCloseTo(3 / 8);
  });

  it("counts the questions asked on /ask and those it could not answer, apart from the messages", () => {
    const withQuestions = buildReport(
      { from: "2026-11-16", to: "2026-11-22" },
      [
        ...current,
        row("2026-11-17", "question", "", "es", 3),
        row("2026-11-18", "question", "unanswered", "en", 2),
      ],
      [...previous, row("2026-11-10", "question", "", "es", 1)],
    );
    expect(withQuestions.totals.questions).toEqual({ value: 5, previous: 1, change: 4 });
    expect(withQuestions.totals.unanswered).toEqual({ value: 2, previous: 0, change: null });
    expect(withQuestions.totals.messages).toEqual(report.totals.messages);
    const text = reportText(withQuestions, englishWords);
    expect(text).toMatch(/Questions asked \(\/ask\)\s+5\s+\+400 %\s+1/);
    expect(text).toMatch(/Questions not answered\s+2\s+new\s+0/);
  });

  it("has every day of the period, the empty ones too", () => {
    expect(report.days).toHaveLength(7);
    expect(report.days[0]).toEqual({ day: "2026-11-16", visits: 6, pageViews: 15, messages: 0 });
    expect(report.days[6]).toEqual({ day: "2026-11-22", visits: 0, pageViews: 0, messages: 0 });
  });

  it("lists pages by URL, and sources, campaigns, languages, devices and 404s, largest first", () => {
    expect(report.pages.map((r) => [r.key, r.value, r.change])).toEqual([
      ["/", 10, -0.5],
      ["/en/about", 5, null],
      ["/insights/where-to-start", 4, null],
    ]);
    expect(report.sources.map((r) => [r.key, r.value])).toEqual([
      ["(direct)", 5],
      ["linkedin", 3],
    ]);
    expect(report.campaigns.map((r) => r.key)).toEqual(["linkedin / social / winter"]);
    expect(report.languages.map((r) => [r.key, r.value])).toEqual([
      ["es", 14],
      ["en", 5],
    ]);
    expect(report.devices.map((r) => [r.key, r.value])).toEqual([
      ["phone", 5],
      ["desktop", 3],
    ]);
    expect(report.notFound.map((r) => [r.key, r.value])).toEqual([["/wp-login.php", 7]]);
    expect(
      buildReport({ from: "2026-11-16", to: "2026-11-22" }, current, previous, 1).pages,
    ).toHaveLength(1);
  });

  it("reads as a table in the terminal", () => {
    const text = reportText(report, englishWords);
    expect(text).toContain(
      "Visits 2026-11-16 to 2026-11-22, compared with 2026-11-09 to 2026-11-15",
    );
    expect(text).toMatch(/Visits\s+8\s+\+100 %\s+4/);
    expect(text).toMatch(/Messages per visit\s+25\.0 %\s+=\s+25\.0 %/);
    expect(text).toMatch(/\/en\/about\s+5\s+new/);
    expect(text).toContain("Direct (no referrer)");
  });

  it("is an e-mail in Spanish with an HTML and a plain-text part, and no visitor's text as HTML", () => {
    const withScript = buildReport(
      { from: "2026-11-16", to: "2026-11-22" },
      [...current, row("2026-11-17", "notFound", "/<script>alert(1)</script>", "", 1)],
      previous,
    );
    const mail = composeReport(withScript, {
      siteName: "Isla Digital",
      from: "a@example.com",
      to: "b@example.com",
    });
    expect(mail.subject).toBe("Isla Digital: 8 visitas y 2 mensajes (16–22 de noviembre de 2026)");
    expect(mail.html).toContain(
      "Visitas, 16–22 de noviembre de 2026 (frente a 9–15 de noviembre de 2026)",
    );
    expect(mail.text).toContain("Páginas más vistas");
    expect(mail.html).toContain("Mensajes por visita");
    expect(mail.html).toContain("/&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toMatch(/<img|https?:\/\//);
  });

  it("shows stored visitors' text without control or format characters, in the terminal, the e-mail and JSON", () => {
    // Rows as an older server stored them, before names were cleaned on the way in.
    const escape = "\x1b]0;pwned\x07\x1b[31mred";
    const stored = [
      ...current,
      row("2026-11-18", "source", escape, "", 2),
      row("2026-11-18", "source", "linked\u200Bin", "", 1),
      row("2026-11-18", "campaign", `${escape} / - / -`, "", 2),
      row("2026-11-18", "campaign", "a\u202Eniaga / \u2066x\u2069 / \u009B2J", "", 1),
      row("2026-11-18", "notFound", "/\u009B2J\u202Egnp.exe\r\x1b[1A", "", 1),
    ];
    const dirty = buildReport({ from: "2026-11-16", to: "2026-11-22" }, stored, previous);
    // The same name with and without a zero-width space is one source.
    expect(dirty.sources.map((r) => [r.key, r.value])).toEqual([
      ["(direct)", 5],
      ["linkedin", 4],
      ["]0;pwned[31mred", 2],
    ]);
    expect(dirty.campaigns.map((r) => r.key)).toContain("aniaga / x / 2J");
    expect(dirty.notFound.map((r) => r.key)).toContain("/2Jgnp.exe [1A");
    const mail = composeReport(dirty, { siteName: "Isla Digital", from: "a@x.es", to: "b@x.es" });
    const unprintable = /(?!\n)[\p{Cc}\p{Cf}]/u; // a line break is the only control allowed
    for (const output of [
      reportText(dirty, englishWords),
      mail.text,
      mail.html,
      JSON.stringify(dirty),
    ]) {
      expect(output).not.toMatch(unprintable);
      expect(output).toContain("]0;pwned[31mred");
    }
  });
});
