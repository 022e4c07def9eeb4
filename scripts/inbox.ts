// The owner's inbox: read and manage stored contact messages.
//   npm run inbox -- <command>     (DATABASE_URL, else DATABASE_PATH, as the server)
// The commands are a function (`runInbox`) the command line calls, and its tests too, without
// starting a process for each.
import { parseArgs } from "node:util";
import { settings } from "#app/config/settings.server.ts";
import { languages, siteConfig, type Language } from "#app/config/site.ts";
import { bookingStore } from "#app/booking/store.server.ts";
import {
  messageRow as toRow,
  messagesCsv as toCsv,
  printableRow as printable,
} from "#app/contact/export.ts";
import { openStore, type MessageStatus } from "#app/contact/store.server.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { madridTime } from "#app/panel/time.ts";
import { printableJson, printableLine } from "#app/text/printable.ts";

const usage = `Usage: npm run inbox -- <command> [--lang es|en|ca|de]

  What it prints is in Spanish unless --lang says otherwise, with Madrid times (exports: ISO).

  list [--json] [--limit N]          newest first, with delivery status (a booking's
                                     invitations are listed here too, as the e-mails they are)
  bookings [--json]                  the calls booked on /book, latest call first (held:
                                     waiting for the visitor's confirmation)
  show <id>                          one message in full
  export --format csv|json           every message, to standard output
  retry <id> | retry --failed        queue for e-mail again (the running server sends it)
  not-spam <id>                      release a message kept as spam into the outbox
  delete <id>                        delete one message
  delete --email <address>           delete every message and booking of an address (erasure)
  backup <file>                      consistent copy of the SQLite database, safe while the
                                     server runs (PostgreSQL: pg_dump)
  purge --older-than <days>          delete messages older than <days> days
                                     (the server applies ${siteConfig.legal.contactRetentionDays} days by itself, daily)`;

const defaultLanguage: Language = "es";
const isLanguage = (code: string): code is Language =>
  (languages as readonly string[]).includes(code);

/** A wrong command or argument: the owner gets the reason and the usage, and exit code 2. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function positiveInteger(value: string | undefined, what: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) fail(`${what} must be a positive whole number.`);
  return number;
}

/** Where a command prints: standard output and error, or what a test reads. */
type Terminal = { out: (text: string) => void; err: (text: string) => void };

/** The database the server uses: PostgreSQL at `url`, else the SQLite file at `path`. */
type Database = { url?: string; path: string };

const processTerminal: Terminal = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Runs one inbox command on the database; returns the exit code. */
export async function runInbox(
  args: string[],
  database: Database,
  terminal: Terminal = processTerminal,
): Promise<number> {
  try {
    await runCommand(args, database, terminal);
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError || isParseError(error))) throw error;
    terminal.err(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
}

/** parseArgs' own errors (an unknown option, a missing value) are usage errors too. */
const isParseError = (error: unknown) =>
  error instanceof TypeError &&
  String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS");

async function runCommand(args: string[], database: Database, terminal: Terminal) {
  const print = (text: string) => terminal.out(`${text}\n`);
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      limit: { type: "string" },
      format: { type: "string" },
      failed: { type: "boolean", default: false },
      email: { type: "string" },
      "older-than": { type: "string" },
      lang: { type: "string", default: defaultLanguage },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, argument] = positionals;
  if (values.help) return print(usage);
  if (!command) fail("Which command?");
  if (!isLanguage(values.lang)) fail(`--lang must be one of ${languages.join(", ")}.`);
  // The owner reads Spanish unless asked otherwise, and Madrid's clock; exports stay ISO.
  const lang = values.lang;
  const { t } = createI18n(lang, catalogue(lang));
  const when = (ms: number) => madridTime(ms, lang);
  const statusName = (status: MessageStatus) => t(`panel.cli.status.${status}`);

  const store = await openStore({
    ...database,
    // Unlike the server, the CLI blocks nobody while it waits for the server's write lock.
    lockWaitMs: 5000,
  });
  try {
    switch (command) {
      case "list": {
        const limit = values.limit ? positiveInteger(values.limit, "--limit") : undefined;
        const stored = await store.list(limit);
        const messages = stored.map(toRow);
        if (values.json) {
          print(printableJson(messages, 2));
          break;
        }
        if (!messages.length) print(t("panel.cli.noMessages"));
        for (const [index, m] of messages.map(printable).entries()) {
          // By characters, so an emoji is never cut in half.
          const preview = Array.from(String(m.message).replace(/\s+/g, " ")).slice(0, 60).join("");
          const status = `${statusName(m.status as MessageStatus)}${m.suspicion ? ` (${t("panel.cli.status.suspected")})` : ""}`;
          const received = when(stored[index]?.createdAt ?? 0);
          print(`#${m.id}  ${received}  ${status.padEnd(10)}  ${m.name} <${m.email}>  ${preview}`);
        }
        print(`\n${t("panel.cli.inAll", await store.counts())}`);
        break;
      }
      case "bookings": {
        const bookings = await bookingStore(store.driver).list();
        if (values.json) {
          print(printableJson(bookings, 2));
          break;
        }
        if (!bookings.length) print(t("panel.cli.noBookings"));
        for (const b of bookings) {
          const topic = Array.from(b.topic.replace(/\s+/g, " ")).slice(0, 50).join("");
          // Held: booked past the day's budgets, waiting for the visitor's confirmation.
          const status = t(
            `panel.cli.status.${b.status === "booked" && b.heldUntil !== null ? "unconfirmed" : b.status}`,
          );
          print(
            printableLine(
              `#${b.id}  ${when(b.start)}  ${status.padEnd(9)}  ${b.name} <${b.email}>${b.company ? ` (${b.company})` : ""}  ${topic}`,
            ),
          );
        }
        break;
      }
      case "show": {
        const message = await store.get(positiveInteger(argument, "The message id"));
        if (!message) fail(`No message #${argument}.`);
        const m = printable(toRow(message));
        const status = `${statusName(message.status)}${m.spamReason ? `: ${m.spamReason}` : ""}`;
        print(
          [
            t("panel.cli.message", { id: m.id, status }),
            ...(m.suspicion ? [t("panel.cli.suspicion", { reason: m.suspicion })] : []),
            t("panel.cli.received", { date: when(message.createdAt) }),
            t("panel.cli.from", { from: `${m.name} <${m.email}>` }),
            t("panel.cli.pageLanguage", { lang: m.lang }),
            `${t("panel.cli.attempts", { count: m.attempts })}${message.sentAt ? `, ${t("panel.cli.sentAt", { date: when(message.sentAt) })}` : ""}`,
            ...(m.lastError ? [t("panel.cli.lastError", { error: m.lastError })] : []),
            "",
            m.message,
          ].join("\n"),
        );
        break;
      }
      case "export": {
        const messages = (await store.list()).map(toRow);
        // JSON keeps each text exactly, with unprintable characters as \u escapes.
        if (values.format === "json") print(printableJson(messages, 2));
        else if (values.format === "csv") terminal.out(toCsv(messages));
        else fail("export needs --format csv or --format json.");
        break;
      }
      case "retry": {
        if (values.failed)
          print(t("panel.cli.queuedFailed", { count: await store.requeueFailed() }));
        else if (await store.requeue(positiveInteger(argument, "The message id")))
          print(t("panel.cli.queued", { id: argument }));
        else fail(`No pending or failed message #${argument}.`);
        break;
      }
      case "not-spam": {
        if (await store.releaseSpam(positiveInteger(argument, "The message id")))
          print(t("panel.cli.released", { id: argument }));
        else fail(`No message #${argument} kept as spam.`);
        break;
      }
      case "delete": {
        if (values.email) {
          const messages = await store.deleteByEmail(values.email);
          const bookings = await bookingStore(store.driver).deleteByEmail(values.email);
          print(t("panel.cli.deletedEmail", { messages, bookings, email: values.email }));
        } else if (await store.delete(positiveInteger(argument, "The message id")))
          print(t("panel.cli.deleted", { id: argument }));
        else fail(`No message #${argument}.`);
        break;
      }
      case "backup": {
        if (!argument) fail("backup needs the file to write.");
        const done = await store.backup(argument).catch((error: Error) => fail(error.message));
        print(t("panel.cli.backedUp", { from: database.path, to: argument, done }));
        break;
      }
      case "purge": {
        const days = positiveInteger(values["older-than"], "--older-than");
        const removed = await store.purgeOlderThan(Date.now() - days * 24 * 3600 * 1000);
        print(t("panel.cli.purged", { count: removed, days }));
        break;
      }
      default:
        fail(`Unknown command "${command}".`);
    }
  } finally {
    await store.close();
  }
}

if (import.meta.main) {
  const { DATABASE_PATH, DATABASE_URL } = settings.contact;
  process.exitCode = await runInbox(process.argv.slice(2), {
    url: DATABASE_URL,
    path: DATABASE_PATH,
  }).catch((error: Error) => {
    // A database that cannot be opened or read: its reason, without a stack.
    console.error(error.message);
    return 1;
  });
}
