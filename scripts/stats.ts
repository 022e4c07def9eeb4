// The owner's numbers: visits, page views, sources, messages, from the site's database.
//   npm run stats -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] [--send-report] [--lang es]
// (DATABASE_URL, else DATABASE_PATH, as the server.)
import { parseArgs } from "node:util";
import { settings } from "#app/config/settings.server.ts";
import { siteConfig } from "#app/config/site.ts";
import { createSender } from "#app/mail/sender.server.ts";
import { openDatabase } from "#app/database/database.server.ts";
import { addDays, defaultPeriod, localDay } from "#app/stats/calendar.ts";
import { composeReport } from "#app/stats/report-mail.ts";
import { reportText, reportWords } from "#app/stats/report-text.ts";
import { createStatsStore } from "#app/stats/store.server.ts";
import { loadReport } from "#app/stats/weekly-report.server.ts";
import { printableJson } from "#app/text/printable.ts";
import { processTerminal, runCommandLine } from "#scripts/command-line.ts";

const terminal = processTerminal;
const print = (text: string) => terminal.out(`${text}\n`);

process.exitCode = await runCommandLine(
  "stats",
  process.argv.slice(2),
  terminal,
  async ({ lang, t, usage, fail }) => {
    const { values } = parseArgs({
      options: {
        from: { type: "string" },
        to: { type: "string" },
        json: { type: "boolean", default: false },
        "send-report": { type: "boolean", default: false },
        lang: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) return print(usage);
    const words = reportWords[lang];
    if (!words)
      return fail(
        t("panel.cli.errors.language", { languages: Object.keys(reportWords).join(", ") }),
      );

    const day = (value: string | undefined, option: string) => {
      if (value === undefined) return undefined;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        return fail(t("panel.cli.errors.day", { option }));
      return value;
    };

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
    if (from > to) fail(t("panel.cli.errors.fromAfterTo"));
    const { SMTP_URL: smtpUrl, CONTACT_TO: recipient } = settings.contact;
    if (sending && !smtpUrl) fail(t("panel.cli.errors.needsSmtp"));

    const database = await openDatabase({
      url: settings.contact.DATABASE_URL,
      path: settings.contact.DATABASE_PATH,
    });
    try {
      const stats = createStatsStore(database);
      const period = { from, to };
      if (sending && smtpUrl) {
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
              to: recipient,
            }),
          );
        } finally {
          sender.close();
        }
        print(t("panel.cli.reportSent", { from, to, recipient }));
      } else if (values.json) {
        // Names are cleaned by the report; this keeps any other text a terminal could act on escaped.
        print(printableJson(await loadReport(stats, period), 2));
      } else {
        print(reportText(await loadReport(stats, period, 10), words));
      }
    } finally {
      await database.close();
    }
  },
);
