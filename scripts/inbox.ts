// The owner's inbox: read and manage stored contact messages.
//   npm run inbox -- <command>     (DATABASE_URL, else DATABASE_PATH, as the server)
// The commands are a function (`runInbox`) the command line calls, and its tests too, without
// starting a process for each.
import { parseArgs } from "node:util";
import { settings } from "#app/config/settings.server.ts";
import { bookingStore } from "#app/booking/store.server.ts";
import {
  messageRow as toRow,
  messagesCsv as toCsv,
  printableRow as printable,
} from "#app/contact/export.ts";
import { messageStore, type MessageStatus } from "#app/contact/store.server.ts";
import { openDatabase } from "#app/database/database.server.ts";
import { mailStore } from "#app/mail/store.server.ts";
import { companyDateTime } from "#app/panel/time.ts";
import { printableJson, printableLine } from "#app/text/printable.ts";
import {
  processTerminal,
  runCommandLine,
  type CommandLine,
  type Terminal,
} from "#scripts/command-line.ts";

/** The database the server uses: PostgreSQL at `url`, else the SQLite file at `path`. */
type Location = { url?: string; path: string };

/** Runs one inbox command on the database; returns the exit code. */
export function runInbox(
  args: string[],
  where: Location,
  terminal: Terminal = processTerminal,
): Promise<number> {
  return runCommandLine("inbox", args, terminal, (commandLine) =>
    runCommand(args, where, terminal, commandLine),
  );
}

async function runCommand(
  args: string[],
  where: Location,
  terminal: Terminal,
  { lang, t, usage, fail }: CommandLine,
) {
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
      lang: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, argument] = positionals;
  if (values.help) return print(usage);
  if (!command) fail(t("panel.cli.errors.whichCommand"));
  const positiveInteger = (value: string | undefined, what: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) fail(t("panel.cli.errors.wholeNumber", { what }));
    return number;
  };
  const messageId = () => positiveInteger(argument, t("panel.cli.errors.messageId"));
  // The owner reads Spanish unless asked otherwise, and Madrid's clock; exports stay ISO.
  const when = (ms: number) => companyDateTime(ms, lang);
  const statusName = (status: MessageStatus) => t(`panel.cli.status.${status}`);

  const database = await openDatabase({
    ...where,
    // Unlike the server, the CLI blocks nobody while it waits for the server's write lock.
    lockWaitMs: 5000,
  });
  try {
    const store = await messageStore(database);
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
        const bookings = await bookingStore(database).list();
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
        const message = await store.get(messageId());
        if (!message) return fail(t("panel.cli.errors.noMessage", { id: argument }));
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
        else fail(t("panel.cli.errors.exportFormat"));
        break;
      }
      case "retry": {
        // Every failed e-mail: the messages' and the composed ones (a booking's invitation).
        if (values.failed) {
          const count = (await store.requeueFailed()) + (await mailStore(database).requeueFailed());
          print(t("panel.cli.queuedFailed", { count }));
        } else if (await store.requeue(messageId())) print(t("panel.cli.queued", { id: argument }));
        else fail(t("panel.cli.errors.notRetryable", { id: argument }));
        break;
      }
      case "not-spam": {
        if (await store.releaseSpam(messageId())) print(t("panel.cli.released", { id: argument }));
        else fail(t("panel.cli.errors.notSpam", { id: argument }));
        break;
      }
      case "delete": {
        if (values.email) {
          const messages = await store.deleteByEmail(values.email);
          const bookings = await bookingStore(database).deleteByEmail(values.email);
          // The e-mails queued to that address go too (a booking's invitations).
          await mailStore(database).deleteTo(values.email);
          print(t("panel.cli.deletedEmail", { messages, bookings, email: values.email }));
        } else if (await store.delete(messageId())) print(t("panel.cli.deleted", { id: argument }));
        else fail(t("panel.cli.errors.noMessage", { id: argument }));
        break;
      }
      case "backup": {
        if (!argument) return fail(t("panel.cli.errors.backupFile"));
        const done = await database.backup(argument).catch((error: Error) => fail(error.message));
        print(t("panel.cli.backedUp", { from: where.path, to: argument, done }));
        break;
      }
      case "purge": {
        const days = positiveInteger(values["older-than"], "--older-than");
        const removed = await store.purgeOlderThan(Date.now() - days * 24 * 3600 * 1000);
        print(t("panel.cli.purged", { count: removed, days }));
        break;
      }
      default:
        fail(t("panel.cli.errors.unknownCommand", { command }));
    }
  } finally {
    await database.close();
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
