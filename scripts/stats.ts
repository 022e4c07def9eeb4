// The owner's numbers: visits, page views, sources, messages, from the site's database.
//   npm run stats -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] [--send-report] [--lang es]
// (DATABASE_URL, else DATABASE_PATH, as the server.)
import { parseArgs } from "node:util";
import { settings } from "#app/config/settings.server.ts";
import { siteConfig } from "#app/config/site.ts";
import { createSender } from "#app/contact/mailer.server.ts";
import { openStore } from "#app/contact/store.server.ts";
import { addDays, defaultPeriod, localDay } from "#app/stats/calendar.ts";
import { composeReport } from "#app/stats/report-mail.ts";
import { reportText, reportWords } from "#app/stats/report-text.ts";
import { createStatsStore } from "#app/stats/store.server.ts";
import { loadReport } from "#app/stats/weekly-report.server.ts";
import { printableJson } from "#app/text/printable.ts";

const usage = `Usage: npm run stats -- [options]

  --from YYYY-MM-DD    first day (default: 27 days before --to)
  --to YYYY-MM-DD      last day (default: today, Madrid time)
  --json               every figure as JSON, lists in full
  --lang es|en|ca|de   the table's language (default: Spanish); days are Madrid's
  --send-report        e-mail the report to CONTACT_TO now (default period: the last 7 days
                       before today), as the server does every Monday at 08:00

Each figure is compared with the period of the same length just before.`;

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    to: { type: "string" },
    json: { type: "boolean", default: false },
    "send-report": { type: "boolean", default: false },
    lang: { type: "string", default: "es" },
    help: { type: "boolean", short: "h", default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const day = (value: string | undefined, what: string) => {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    fail(`${what} must be a day written YYYY-MM-DD.`);
  return value;
};

const words = reportWords[values.lang];
if (!words) fail(`--lang must be one of ${Object.keys(reportWords).join(", ")}.`);

const now = Date.now();
const sending = values["send-report"];
let to = day(values.to, "--to");
let from = day(values.from, "--from");
if (sending && !to && !from) {
  // The weekly report's week: the seven days before today.
  to = addDays(localDay(now), -1);
  from = addDays(to, -6);
}
to ??= from ? addDays(from, 27) : defaultPeriod(now).to;
from ??= addDays(to, -27);
if (from > to) fail("--from must not be after --to.");

const store = await openStore({
  url: settings.contact.DATABASE_URL,
  path: settings.contact.DATABASE_PATH,
});
try {
  const stats = createStatsStore(store.driver);
  const period = { from, to };
  if (sending) {
    const { SMTP_URL: smtpUrl } = settings.contact;
    if (!smtpUrl) fail("--send-report needs SMTP_URL, as the server does to send e-mail.");
    const report = await loadReport(stats, period, 10);
    const sender = createSender(smtpUrl, {
      timeoutMs: settings.contact.SMTP_TIMEOUT_SECONDS * 1000,
      deadlineMs: settings.contact.SMTP_SEND_DEADLINE_SECONDS * 1000,
    });
    try {
      await sender.send(
        composeReport(report, {
          siteName: siteConfig.name,
          from: settings.contact.CONTACT_FROM,
          to: settings.contact.CONTACT_TO,
        }),
      );
    } finally {
      sender.close();
    }
    console.log(`Report of ${from} to ${to} sent to ${settings.contact.CONTACT_TO}.`);
  } else if (values.json) {
    // Names are cleaned by the report; this keeps any other text a terminal could act on escaped.
    console.log(printableJson(await loadReport(stats, period), 2));
  } else {
    console.log(reportText(await loadReport(stats, period, 10), words));
  }
} finally {
  await store.close();
}
