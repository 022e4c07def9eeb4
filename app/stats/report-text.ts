// The report as text: the terminal table of `npm run stats` (Spanish unless `--lang` says
// otherwise) and the plain-text part of the weekly e-mail (Spanish, like the owner's e-mails).
import { languages } from "#app/config/site.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { printableLine } from "#app/text/printable.ts";
import type { Figure, Report, Row } from "#app/stats/report.ts";

export type Words = {
  title: (report: Report) => string;
  totals: {
    visits: string;
    pageViews: string;
    messages: string;
    conversion: string;
    questions: string;
    unanswered: string;
  };
  sections: Record<
    "days" | "pages" | "sources" | "campaigns" | "languages" | "devices" | "notFound",
    string
  >;
  columns: { day: string; value: string; change: string; before: string };
  names: Record<string, string>;
  none: string;
  isNew: string;
  number: (value: number) => string;
  /** A number with one decimal, in the language's way (0.9, 0,9). */
  decimal: (value: number) => string;
};

/** Every language's name in `inLanguage`, keyed by its code, for the languages section. */
const languageNamesIn = (inLanguage: string) =>
  Object.fromEntries(languages.map((code) => [code, languageName(code, inLanguage)]));

/** The change against the period before: `+12 %`, `−3 %`, `new` when it was 0. */
export function formatChange(figure: Figure, words: Pick<Words, "isNew">): string {
  if (figure.change === null) return words.isNew;
  const value = Math.round(figure.change * 100);
  return value === 0 ? "=" : `${value > 0 ? "+" : "−"}${Math.abs(value)} %`;
}

/** The conversion rate's change, in percentage points. */
export function formatPoints(figure: Figure, words: Pick<Words, "decimal">): string {
  const points = (figure.change ?? 0) * 100;
  if (Math.abs(points) < 0.05) return "=";
  return `${points > 0 ? "+" : "−"}${words.decimal(Math.abs(points))} pp`;
}

/** A rate as a percentage with one decimal. */
export const formatRate = (ratio: number, words: Pick<Words, "decimal">) =>
  `${words.decimal(ratio * 100)} %`;

/** A bar of `width` characters at most, for `value` out of `max`. */
function textBar(value: number, max: number, width = 20): string {
  if (max <= 0 || value <= 0) return "";
  return "█".repeat(Math.max(1, Math.round((value / max) * width)));
}

function table(rows: string[][], right: boolean[]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? "")].length))) ??
    [];
  return rows.map((row) =>
    row
      .map((cell, column) => {
        const pad = " ".repeat((widths[column] ?? 0) - [...cell].length);
        return right[column] ? pad + cell : cell + pad;
      })
      .join("  ")
      .trimEnd(),
  );
}

/**
 * A row's name as shown: a known key in `words`' language, else its label, which for
 * sources, campaigns and 404s is a visitor's text (buildReport cleans it; a report from
 * elsewhere is cleaned here too, since this is what reaches the terminal and the e-mail).
 */
export const label = (row: Row, words: Pick<Words, "names">) =>
  words.names[row.key] ?? printableLine(row.label);

/** The whole report as text, in `words`' language. */
export function reportText(report: Report, words: Words): string {
  const { totals } = report;
  const lines: string[] = [words.title(report), ""];
  lines.push(
    ...table(
      [
        ["", words.columns.value, words.columns.change, words.columns.before],
        ...(
          [
            [words.totals.visits, totals.visits],
            [words.totals.pageViews, totals.pageViews],
            [words.totals.messages, totals.messages],
            [words.totals.questions, totals.questions],
            [words.totals.unanswered, totals.unanswered],
          ] as const
        ).map(([name, figure]) => [
          name,
          words.number(figure.value),
          formatChange(figure, words),
          words.number(figure.previous),
        ]),
        [
          words.totals.conversion,
          formatRate(totals.conversion.value, words),
          formatPoints(totals.conversion, words),
          formatRate(totals.conversion.previous, words),
        ],
      ],
      [false, true, true, true],
    ),
  );

  const maxDay = Math.max(0, ...report.days.map((day) => day.visits));
  lines.push(
    "",
    words.sections.days,
    ...table(
      [
        [words.columns.day, words.totals.visits, words.totals.pageViews, words.totals.messages, ""],
        ...report.days.map((day) => [
          day.day,
          words.number(day.visits),
          words.number(day.pageViews),
          words.number(day.messages),
          textBar(day.visits, maxDay),
        ]),
      ],
      [false, true, true, true, false],
    ),
  );

  for (const section of [
    "pages",
    "sources",
    "campaigns",
    "languages",
    "devices",
    "notFound",
  ] as const) {
    const rows = report[section];
    lines.push("", words.sections[section]);
    if (!rows.length) {
      lines.push(`  ${words.none}`);
      continue;
    }
    const max = Math.max(...rows.map((row) => row.value));
    lines.push(
      ...table(
        rows.map((row) => [
          `  ${label(row, words)}`,
          words.number(row.value),
          formatChange(row, words),
          textBar(row.value, max, 12),
        ]),
        [false, true, true, false],
      ),
    );
  }
  return lines.join("\n");
}

export const englishWords: Words = {
  title: (r) => `Visits ${r.from} to ${r.to}, compared with ${r.previousFrom} to ${r.previousTo}`,
  totals: {
    visits: "Visits",
    pageViews: "Page views",
    messages: "Messages",
    conversion: "Messages per visit",
    questions: "Questions asked (/ask)",
    unanswered: "Questions not answered",
  },
  sections: {
    days: "Per day",
    pages: "Top pages (views)",
    sources: "Sources (visits)",
    campaigns: "Campaigns (visits: source / medium / campaign)",
    languages: "Languages (page views)",
    devices: "Devices (visits)",
    notFound: "Not found (404)",
  },
  columns: { day: "Day", value: "This period", change: "Change", before: "Before" },
  names: {
    "(direct)": "Direct (no referrer)",
    "(other)": "Others",
    phone: "Phone",
    tablet: "Tablet",
    desktop: "Desktop",
    ...languageNamesIn("en"),
  },
  none: "none",
  isNew: "new",
  number: (value) => value.toLocaleString("en-GB"),
  decimal: (value) =>
    value.toLocaleString("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

const spanishDays = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** Two days (YYYY-MM-DD) as a Spanish reader writes the span: "16–22 de noviembre de 2026". */
export const spanishSpan = (from: string, to: string) =>
  spanishDays.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));

export const spanishWords: Words = {
  title: (r) =>
    `Visitas, ${spanishSpan(r.from, r.to)} (frente a ${spanishSpan(r.previousFrom, r.previousTo)})`,
  totals: {
    visits: "Visitas",
    pageViews: "Páginas vistas",
    messages: "Mensajes",
    conversion: "Mensajes por visita",
    questions: "Preguntas en /ask",
    unanswered: "Preguntas sin respuesta",
  },
  sections: {
    days: "Por día",
    pages: "Páginas más vistas",
    sources: "De dónde llegan (visitas)",
    campaigns: "Campañas (visitas: origen / medio / campaña)",
    languages: "Idiomas (páginas vistas)",
    devices: "Dispositivos (visitas)",
    notFound: "Direcciones que no existen (404)",
  },
  columns: { day: "Día", value: "Este periodo", change: "Cambio", before: "Anterior" },
  names: {
    "(direct)": "Directo (sin página de origen)",
    "(other)": "Otros",
    phone: "Móvil",
    tablet: "Tableta",
    desktop: "Ordenador",
    ...languageNamesIn("es"),
  },
  none: "ninguno",
  isNew: "nuevo",
  number: (value) => value.toLocaleString("es-ES"),
  decimal: (value) =>
    value.toLocaleString("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

/** Two days (YYYY-MM-DD) as a reader of `locale` writes the span. */
const spanIn = (locale: string) => {
  const days = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (from: string, to: string) =>
    days.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
};
const catalanSpan = spanIn("ca-ES");
const germanSpan = spanIn("de-DE");

const catalanWords: Words = {
  title: (r) =>
    `Visites, ${catalanSpan(r.from, r.to)} (davant de ${catalanSpan(r.previousFrom, r.previousTo)})`,
  totals: {
    visits: "Visites",
    pageViews: "Pàgines vistes",
    messages: "Missatges",
    conversion: "Missatges per visita",
    questions: "Preguntes a /ask",
    unanswered: "Preguntes sense resposta",
  },
  sections: {
    days: "Per dia",
    pages: "Pàgines més vistes",
    sources: "D’on arriben (visites)",
    campaigns: "Campanyes (visites: origen / mitjà / campanya)",
    languages: "Idiomes (pàgines vistes)",
    devices: "Dispositius (visites)",
    notFound: "Adreces que no existeixen (404)",
  },
  columns: { day: "Dia", value: "Aquest període", change: "Canvi", before: "Anterior" },
  names: {
    "(direct)": "Directe (sense pàgina d’origen)",
    "(other)": "Altres",
    phone: "Mòbil",
    tablet: "Tauleta",
    desktop: "Ordinador",
    ...languageNamesIn("ca"),
  },
  none: "cap",
  isNew: "nou",
  number: (value) => value.toLocaleString("ca-ES"),
  decimal: (value) =>
    value.toLocaleString("ca-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

const germanWords: Words = {
  title: (r) =>
    `Besuche, ${germanSpan(r.from, r.to)} (gegenüber ${germanSpan(r.previousFrom, r.previousTo)})`,
  totals: {
    visits: "Besuche",
    pageViews: "Seitenaufrufe",
    messages: "Nachrichten",
    conversion: "Nachrichten pro Besuch",
    questions: "Fragen auf /ask",
    unanswered: "Fragen ohne Antwort",
  },
  sections: {
    days: "Pro Tag",
    pages: "Meistbesuchte Seiten",
    sources: "Woher die Besuche kommen",
    campaigns: "Kampagnen (Besuche: Quelle / Medium / Kampagne)",
    languages: "Sprachen (Seitenaufrufe)",
    devices: "Geräte (Besuche)",
    notFound: "Adressen, die es nicht gibt (404)",
  },
  columns: { day: "Tag", value: "Dieser Zeitraum", change: "Veränderung", before: "Vorher" },
  names: {
    "(direct)": "Direkt (ohne verweisende Seite)",
    "(other)": "Andere",
    phone: "Handy",
    tablet: "Tablet",
    desktop: "Computer",
    ...languageNamesIn("de"),
  },
  none: "keine",
  isNew: "neu",
  number: (value) => value.toLocaleString("de-DE"),
  decimal: (value) =>
    value.toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

/** The report's words in the languages the owner's scripts speak (`npm run stats -- --lang`). */
export const reportWords: Record<string, Words> = {
  es: spanishWords,
  en: englishWords,
  ca: catalanWords,
  de: germanWords,
};
