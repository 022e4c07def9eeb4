// What the owner's commands (npm run inbox, stats, panel) share: they speak the language
// `--lang` asks for, Spanish by default, in what they print, in their usage and in their
// errors (panel.cli in the catalogues), and answer a wrong command with the reason, the usage
// and exit code 2.
import { parseArgs } from "node:util";
import { languages, siteConfig, type Language } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";

/** Where a command prints: standard output and error, or what a test reads. */
export type Terminal = { out: (text: string) => void; err: (text: string) => void };

export const processTerminal: Terminal = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

const isLanguage = (code: string): code is Language =>
  (languages as readonly string[]).includes(code);

/** A wrong command or argument, its reason already in the owner's language. */
class UsageError extends Error {}

type Translate = ReturnType<typeof createI18n>["t"];

/**
 * The reason for one of parseArgs' own errors (an unknown option, a missing value), in the
 * owner's language. Node's message is English; it names the option between quotes ("Option
 * '--limit <value>' argument missing", "Unknown option '--colour'").
 */
function parseErrorReason(error: unknown, t: Translate): string | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const code = String((error as { code?: string }).code);
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? "";
  const option = quoted.match(/-{1,2}[^\s,<]+/g)?.at(-1) ?? quoted;
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return t("panel.cli.errors.unknownOption", { option });
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      // A switch given a value, else an option without one ("argument missing", or followed
      // by another option: "argument is ambiguous").
      return error.message.includes("does not take an argument")
        ? t("panel.cli.errors.noValue", { option })
        : t("panel.cli.errors.missingValue", { option });
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return t("panel.cli.errors.unexpectedArgument", { argument: quoted });
    default:
      return code.startsWith("ERR_PARSE_ARGS") ? error.message : undefined;
  }
}

/** What a command runs with: its language, its texts and its usage, and a way to refuse. */
export type CommandLine = {
  lang: Language;
  t: Translate;
  usage: string;
  /** Stops the command: the owner gets this reason and the usage, and exit code 2. */
  fail: (reason: string) => never;
};

/**
 * Runs one of the owner's commands with `args` in the language asked for; returns the exit
 * code. The language is read before anything else, so that every error is in it; a wrong
 * one is refused in Spanish.
 */
export async function runCommandLine(
  name: "inbox" | "stats" | "panel",
  args: string[],
  terminal: Terminal,
  run: (commandLine: CommandLine) => Promise<void>,
): Promise<number> {
  const asked = parseArgs({ args, strict: false, options: { lang: { type: "string" } } }).values
    .lang;
  const lang = typeof asked === "string" && isLanguage(asked) ? asked : "es";
  const { t } = createI18n(lang, catalogue(lang));
  const usage = t(`panel.cli.usage.${name}`, { days: siteConfig.legal.contactRetentionDays });
  const fail = (reason: string): never => {
    throw new UsageError(reason);
  };
  try {
    if (typeof asked === "string" && !isLanguage(asked))
      fail(t("panel.cli.errors.language", { languages: languages.join(", ") }));
    await run({ lang, t, usage, fail });
    return 0;
  } catch (error) {
    const reason = error instanceof UsageError ? error.message : parseErrorReason(error, t);
    if (reason === undefined) throw error;
    terminal.err(`${reason}\n\n${usage}\n`);
    return 2;
  }
}
