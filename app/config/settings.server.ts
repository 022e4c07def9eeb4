// The one reader of the environment, for server.js, the build config and the scripts.
import proxyaddr from "proxy-addr";
import { z } from "zod";
import { contentProblems } from "#app/content/check.server.ts";
import { languages, siteConfig } from "#app/config/site.ts";

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/** Where and how the production server listens. */
const server = {
  HOST: z.string().min(1).default("127.0.0.1"),
  /** 0 lets the system pick a free port (the server prints the one it got). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Express "trust proxy": false, a hop count, or addresses/subnets. `true` is refused: it
   * would take the client-chosen leftmost X-Forwarded-For as the visitor's address.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context): false | number | string => {
      const trimmed = value.trim();
      if (/^true$/i.test(trimmed)) {
        context.issues.push({
          code: "custom",
          input: value,
          message:
            "true would trust any X-Forwarded-For a client sends; set the number of proxies in front (e.g. 1) or their addresses (e.g. loopback, 10.0.0.0/8)",
        });
        return z.NEVER;
      }
      if (/^false$/i.test(trimmed)) return false;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      try {
        // Express reads a string as comma-separated addresses, subnets and names, with proxy-addr.
        proxyaddr.compile(trimmed.split(",").map((part) => part.trim()));
      } catch (error) {
        context.issues.push({
          code: "custom",
          input: value,
          message: `${error instanceof Error ? error.message : String(error)}; use false, the number of proxies in front (e.g. 1) or their addresses (e.g. loopback, 10.0.0.0/8)`,
        });
        return z.NEVER;
      }
      return trimmed;
    }),
  /** The whole request, body included: a client sending slowly is cut off after it (408). */
  REQUEST_TIMEOUT_SECONDS: seconds(30),
  /** The request line and headers; at most the request timeout. */
  HEADERS_TIMEOUT_SECONDS: seconds(10),
  /** An idle kept-alive connection; longer than the proxy's own (deploy/nginx.conf: 5 s). */
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(10),
  /** Connections open at once; further ones are closed at once. */
  MAX_CONNECTIONS: count(1000),
  /**
   * Connections open at once from one client (an IPv4 address, an IPv6 /64), so that one
   * client cannot take MAX_CONNECTIONS; not for a proxy TRUST_PROXY trusts (it carries many).
   */
  MAX_CONNECTIONS_PER_CLIENT: count(100),
  /**
   * Set by systemd's socket activation (deploy/site.socket): the listening socket is handed
   * over as file descriptor 3 and outlives the process, so a restart refuses no connection.
   * Used only when LISTEN_PID names this process, as sd_listen_fds(3) requires.
   */
  LISTEN_FDS: z.coerce.number().int().min(0).optional(),
  LISTEN_PID: z.coerce.number().int().positive().optional(),
};

const health = {
  /** Lets a monitor read /healthz details from outside with `Authorization: Bearer <token>`. */
  HEALTH_TOKEN: z.string().min(16).optional(),
};

const log = {
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
};

/** Read by the build (and by the scripts that look at a build). */
const build = {
  /** The folder the build writes and the server serves. */
  BUILD_DIR: z.string().min(1).default("build"),
  /** The public origin the prerendered pages carry; without a trailing slash. */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" })
    .default(siteConfig.siteUrl)
    .transform((url) => url.replace(/\/+$/, "")),
  /**
   * The languages to publish in this build, e.g. `es,en,ca,de`, instead of those
   * content/languages.json publishes; its first language stays the default.
   */
  VITE_PUBLISHED_LANGUAGES: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const codes = value.split(",").map((code) => code.trim());
      const unknown = codes.filter((code) => !(languages as readonly string[]).includes(code));
      if (unknown.length > 0) {
        context.addIssue({
          code: "custom",
          message: `has no catalogue for ${unknown.join(", ")} (languages: ${languages.join(", ")})`,
        });
        return z.NEVER;
      }
      const [defaultLanguage] = languages;
      if (defaultLanguage && !codes.includes(defaultLanguage)) {
        context.addIssue({
          code: "custom",
          message: `must include the default, ${defaultLanguage}`,
        });
        return z.NEVER;
      }
      return codes.join(",");
    }),
  /** The build's time, in seconds since 1970, for reproducible builds; default: now. */
  SOURCE_DATE_EPOCH: z.coerce.number().int().nonnegative().optional(),
  /** Where the articles live (content/insights/<key>/index.<lang>.md). */
  INSIGHTS_DIR: z.string().min(1).default("content/insights"),
  /** The build's "today" for articles: later-dated ones wait; default: now. */
  INSIGHTS_NOW: z.coerce.date({ error: "must be a date, e.g. 2026-12-01" }).optional(),
  /** Where the case studies live (content/case-studies/<key>/index.<lang>.md). */
  CASE_STUDIES_DIR: z.string().min(1).default("content/case-studies"),
  /** Where the people live (content/people/<key>/index.<lang>.md). */
  PEOPLE_DIR: z.string().min(1).default("content/people"),
  /**
   * Whether the prerendered pages' calls to action lead to the booking page (true) or to the
   * contact page (false). The pages are made at build time, the calendar is read at run time:
   * default, whether BOOKING_CALENDAR_URL is set when building (an image built without the
   * secret says true here).
   */
  BOOKING_OFFERED: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
};

const contact = {
  DATABASE_PATH: z.string().min(1).default("./data/site.db"),
  /** PostgreSQL instead of SQLite, for several servers on one database. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })
    .optional(),
  /** PostgreSQL's statement timeout (SQLite's short lock wait is fixed in the store). */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(5),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  CONTACT_TO: z.email().default(siteConfig.email),
  CONTACT_FROM: z.string().min(3).default(`${siteConfig.name} <${siteConfig.email}>`),
  RATE_LIMIT_MAX: count(5),
  RATE_LIMIT_WINDOW_SECONDS: count(600),
  CONTACT_MIN_FILL_SECONDS: z.coerce.number().min(0).default(3),
  OUTBOX_POLL_SECONDS: seconds(5),
  OUTBOX_RETRY_BASE_SECONDS: seconds(30),
  OUTBOX_RETRY_MAX_SECONDS: seconds(4 * 3600),
  OUTBOX_MAX_ATTEMPTS: count(15),
  /** How long a server may take to e-mail a message it claimed before another one may. */
  OUTBOX_LEASE_SECONDS: seconds(120),
  /** Bound on connecting to the mail server, its greeting, and each silence after. */
  SMTP_TIMEOUT_SECONDS: seconds(20),
  /** Bound on one whole send (a slow server can keep each step under the timeout above). */
  SMTP_SEND_DEADLINE_SECONDS: seconds(50),
  /** E-mails per window (an hour); above it messages are kept and summarised once. */
  CONTACT_MAIL_PER_HOUR: count(20),
  CONTACT_MAIL_WINDOW_SECONDS: seconds(3600),
};

/** The booking page (app/booking): the company's calendar, the meeting place, the links' key. */
const booking = {
  /**
   * The private iCalendar (ICS) address of the company's calendar, whose busy times are not
   * offered (README: where Google, Outlook and Fastmail show it); several separated by spaces or
   * commas. Without one, the booking page offers no slot and gives the e-mail address instead.
   */
  BOOKING_CALENDAR_URL: z
    .string()
    .optional()
    .transform((value, context) => {
      const urls = (value ?? "").split(/[\s,]+/).filter(Boolean);
      for (const url of urls) {
        const parsed = z.url({ protocol: /^https?$/ }).safeParse(url);
        if (!parsed.success) {
          context.issues.push({
            code: "custom",
            input: value,
            message: "must be http:// or https:// addresses, separated by spaces or commas",
          });
          return z.NEVER;
        }
      }
      return urls;
    }),
  /** How often the calendar is read again. */
  BOOKING_CALENDAR_REFRESH_SECONDS: seconds(300),
  /** Bound on one reading of one calendar address. */
  BOOKING_CALENDAR_TIMEOUT_SECONDS: seconds(15),
  /** A calendar address larger than this is refused (the last good copy is kept). */
  BOOKING_CALENDAR_MAX_BYTES: count(10 * 1024 * 1024),
  /** Past this age of the last good copy no slot is offered: the calendar may have changed. */
  BOOKING_CALENDAR_MAX_AGE_SECONDS: seconds(3600),
  /**
   * Moves of one call, at most; a cancellation is always possible. Each move e-mails the
   * visitor and the company, so a booked call must not be a lever for sending mail.
   */
  BOOKING_MOVES_PER_CALL: count(3),
  /**
   * E-mails the site sends to one visitor address a day on visitors' requests (a booking's
   * invitation, each move, a cancellation): whoever books with a stranger's address can have
   * the stranger mailed this often at most, from any number of networks.
   */
  BOOKING_MAIL_PER_ADDRESS_PER_DAY: count(5),
  /**
   * Bookings made at once in a day (24 hours from the first): per client network (an IPv4
   * address or IPv6 /64), and on the whole site. Past either, a booking is held until the
   * visitor confirms it from the e-mail, its slot reserved for BOOKING_HOLD_MINUTES meanwhile,
   * so a burst from many networks cannot take the calendar; the owner is told once a day.
   */
  BOOKING_DIRECT_PER_NETWORK_PER_DAY: count(2),
  BOOKING_DIRECT_PER_DAY: count(10),
  BOOKING_HOLD_MINUTES: count(30),
  /** Where the call takes place, in the invitation: a video-call link or an address. */
  BOOKING_LOCATION: z.string().min(1).optional(),
  /**
   * The key that signs the links to cancel or move a call (HMAC). Without it a random key is
   * kept in the database, shared by every server on it.
   */
  BOOKING_SECRET: z.string().min(32).optional(),
  /**
   * For tests only: the booking clock starts at this instant (ISO 8601) and runs on from there.
   */
  BOOKING_NOW: z.iso.datetime({ offset: true }).optional(),
};

/**
 * The content editor at /admin (docs/editing.md): where its saves go. Read at start, so one
 * build serves any repository.
 */
const admin = {
  /**
   * github (default), gitlab, gitea (also Forgejo); server: saves are commits made by this
   * server, behind the panel's sign-in, with no git host account (server/editor-backend.ts);
   * or test-repo: saves stay in the browser.
   */
  CMS_BACKEND: z.enum(["github", "gitlab", "gitea", "server", "test-repo"]).default("github"),
  /** The site's repository, `owner/name`; without it the editor cannot save. */
  CMS_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/, "must be owner/name")
    .optional(),
  CMS_BRANCH: z.string().min(1).default("main"),
  /**
   * The sign-in's origin: for GitHub, the OAuth client (e.g. sveltia-cms-auth); for GitLab,
   * Gitea or Forgejo, the instance (https://gitlab.example.com).
   */
  CMS_BASE_URL: z.url({ protocol: /^https$/, error: "must be an https:// URL" }).optional(),
  /** The host's API, for a self-hosted GitLab, Gitea or Forgejo (https://git.example.com/api/v1). */
  CMS_API_ROOT: z.url({ protocol: /^https$/, error: "must be an https:// URL" }).optional(),
  /** The OAuth application's id, for GitLab, Gitea or Forgejo sign-in without a client of ours. */
  CMS_APP_ID: z.string().min(1).optional(),
  /**
   * CMS_BACKEND=server: the repository saves are pushed to, as git reaches it (a path,
   * ssh://…); without it, DEPLOY_REPOSITORY, the one the deploy publishes from.
   */
  CMS_SOURCE_REPOSITORY: z.string().min(1).optional(),
  /** CMS_BACKEND=server: this server's working clone of it (made on first use). */
  CMS_WORK_DIR: z.string().min(1).default("./data/editor-repository"),
  /**
   * CMS_BACKEND=server: the deploy's webhook on this machine (deploy/hooks.json), told of each
   * save as a git host would tell it of a push; signed with CMS_DEPLOY_HOOK_SECRET.
   */
  CMS_DEPLOY_HOOK_URL: z.url().optional(),
  CMS_DEPLOY_HOOK_SECRET: z.string().min(16).optional(),
  /** The largest picture the editor takes, in megabytes. */
  CMS_UPLOAD_MAX_MB: z.coerce.number().positive().max(50).default(5),
};

/** The database's backups (scripts/backup.ts, run daily by deploy/site-backup.timer). */
const backup = {
  /** Where the copies are written, newest last by name (site-<UTC time>.db or .dump). */
  BACKUP_DIR: z.string().min(1).default("./data/backups"),
  /**
   * Copies kept; older ones are deleted, and any older than the privacy policy's
   * `legal.backupRetentionDays` (content/company.json) whatever this says.
   */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  /**
   * Where rsync copies the folder after each backup, off this machine (`user@host:/path/`, over
   * ssh; RSYNC_RSH chooses the key): a mirror, so it keeps the same copies. Empty: none.
   */
  BACKUP_RSYNC_TARGET: z.string().min(1).optional(),
};

/**
 * /ask: questions answered from the site's own pages. By default the server quotes the best
 * passages and nothing leaves it; with a provider, a model writes the answer from them.
 */
const ask = {
  /** Questions one client (IPv4 address or IPv6 /64) may ask per window; past it, 429. */
  ASK_RATE_LIMIT_MAX: count(20),
  ASK_RATE_LIMIT_WINDOW_SECONDS: count(600),
  /** `none` (default): no third party. `openai-compatible`: POST <base>/v1/chat/completions. */
  ASSISTANT_PROVIDER: z.enum(["none", "openai-compatible"]).default("none"),
  /** The provider's address without `/v1` (http://127.0.0.1:8080 for llama-server, https://api.mistral.ai). */
  ASSISTANT_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
    .optional(),
  ASSISTANT_MODEL: z.string().min(1).optional(),
  /** Sent as `Authorization: Bearer`; a self-hosted server may need none. */
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  /** Past this the quoted passages are shown instead. */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
};

/** The owner's numbers: first-party, cookieless visit counts and the weekly report. */
const stats = {
  /**
   * `server`: the server counts the pages it sends (and, by the page's beacon, those the
   * browser prerendered or prefetched and then opened); `beacon`: only the beacon counts, for
   * a cache (CDN, nginx) in front that answers pages without the server; `off`: nothing.
   */
  STATS: z.enum(["server", "beacon", "off"]).default("server"),
  /** How often counts kept in memory are added to the database (at most this much is lost in a crash). */
  STATS_FLUSH_SECONDS: seconds(5),
  /** The weekly report e-mail to CONTACT_TO (Monday 08:00, Madrid time); needs SMTP_URL. */
  STATS_WEEKLY_REPORT: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
};

/** The owner's panel at /panel (app/panel, docs/operations.md "The owner's panel"). */
const panel = {
  /** A session unused this long ends (signed out). */
  PANEL_IDLE_MINUTES: count(30),
  /** A session ends this long after sign-in, used or not. */
  PANEL_SESSION_HOURS: count(12),
  /** An invitation link works this long, once. */
  PANEL_INVITATION_HOURS: count(72),
  /**
   * Posts to sign in or enrol per client network in 15 minutes, counted in the database (a
   * sign-in is two: the challenge and its answer).
   */
  PANEL_SIGN_IN_ATTEMPTS: count(10),
};

/**
 * `npm run deploy` (scripts/deploy.ts, docs/operations.md "Publishing a save"): where the
 * releases live, where the commits come from, and how it restarts the site. The defaults are
 * those of the systemd units in deploy/.
 */
const deploy = {
  /** The one folder the deploy writes: a release per commit and the link `current`. */
  DEPLOY_ROOT: z.string().min(1).default("/srv/site/releases"),
  /** The site's repository, as git fetches it (https://…, ssh://…, a path). */
  DEPLOY_REPOSITORY: z.string().min(1).optional(),
  /** The branch a save lands on; pushes to any other are refused. */
  DEPLOY_BRANCH: z.string().min(1).default("main"),
  /** Releases kept, the live one included (rollback goes back through them). */
  DEPLOY_KEEP: z.coerce.number().int().min(2).default(5),
  /**
   * Installs the release's dependencies from its lock file. The build needs the dev ones:
   * `--include=dev` installs them even with NODE_ENV=production, which the hooks' unit sets
   * (npm then leaves them out by default).
   */
  DEPLOY_INSTALL_COMMAND: z.string().min(1).default("npm ci --include=dev --no-audit --no-fund"),
  /** Then keeps only the production ones; `true` keeps everything. */
  DEPLOY_PRUNE_COMMAND: z
    .string()
    .min(1)
    .default("npm prune --omit=dev --omit=optional --no-audit --no-fund"),
  /** Brings the database up to date with the new release, as the site's user ({release}: its folder's name). */
  DEPLOY_MIGRATE_COMMAND: z
    .string()
    .min(1)
    .default("systemctl start site-migrate@{release}.service"),
  /** Restarts the site on the release `current` points to. */
  DEPLOY_RESTART_COMMAND: z.string().min(1).default("systemctl restart site.service"),
  /** The live site's /healthz from this machine: it names the release it serves. */
  DEPLOY_HEALTH_URL: z.url().default("http://127.0.0.1:3000/healthz"),
  /** How long the restarted site may take to serve the new release before it is rolled back. */
  DEPLOY_START_SECONDS: seconds(120),
};

/** Only the keys of `shape`, so each part of the site sees its own settings. */
function pick<T extends object, K extends keyof T>(
  values: T,
  shape: Record<K, unknown>,
): Pick<T, K> {
  return Object.fromEntries(Object.keys(shape).map((key) => [key, values[key as K]])) as Pick<T, K>;
}

const settingsSchema = z
  .object({
    ...server,
    ...health,
    ...log,
    ...build,
    ...contact,
    ...booking,
    ...admin,
    ...stats,
    ...panel,
    ...ask,
    ...deploy,
    ...backup,
  })
  .refine(
    // A send still running when its lease ends could be sent again by another server; the
    // margin covers recording the outcome after the deadline.
    (env) => env.OUTBOX_LEASE_SECONDS >= 2 * env.SMTP_SEND_DEADLINE_SECONDS,
    {
      path: ["OUTBOX_LEASE_SECONDS"],
      error: (issue) => {
        const input = issue.input as {
          OUTBOX_LEASE_SECONDS: number;
          SMTP_SEND_DEADLINE_SECONDS: number;
        };
        return `must be at least twice SMTP_SEND_DEADLINE_SECONDS (lease ${input.OUTBOX_LEASE_SECONDS} s, deadline ${input.SMTP_SEND_DEADLINE_SECONDS} s), or a message still being sent when the lease ends may be sent twice`;
      },
    },
  )
  .refine(
    (env) => env.ASSISTANT_PROVIDER === "none" || (env.ASSISTANT_BASE_URL && env.ASSISTANT_MODEL),
    {
      path: ["ASSISTANT_PROVIDER"],
      error: "openai-compatible needs ASSISTANT_BASE_URL and ASSISTANT_MODEL",
    },
  )
  // Node refuses to start a server whose headers may take longer than the whole request.
  .refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS, {
    path: ["HEADERS_TIMEOUT_SECONDS"],
    error: "must not exceed REQUEST_TIMEOUT_SECONDS",
  })
  .transform((env) => ({
    server: pick(env, server),
    health: pick(env, health),
    log: pick(env, log),
    build: {
      ...pick(env, build),
      BOOKING_OFFERED: env.BOOKING_OFFERED ?? env.BOOKING_CALENDAR_URL.length > 0,
    },
    contact: pick(env, contact),
    booking: pick(env, booking),
    admin: pick(env, admin),
    stats: pick(env, stats),
    panel: pick(env, panel),
    ask: pick(env, ask),
    deploy: pick(env, deploy),
    backup: pick(env, backup),
  }));

export type Settings = z.output<typeof settingsSchema>;
export type ContactSettings = Settings["contact"];
export type BookingSettings = Settings["booking"];
export type AskSettings = Settings["ask"];

/** Reads settings from an environment; a wrong value throws, one line per problem. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  // Empty means unset: environment files often carry `NAME=` lines.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = settingsSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
  );
  throw new SettingsError(`Invalid settings (see .env.example):\n${problems.join("\n")}`);
}

class SettingsError extends Error {}

/** This process's settings, read once; a wrong one stops it with the list, without a stack. */
export const settings: Settings = (() => {
  // The content files every part reads are checked here, once, like the settings.
  const contentMistakes = contentProblems();
  if (contentMistakes.length > 0) {
    console.error(`Invalid content:\n${contentMistakes.join("\n")}`);
    process.exit(1);
  }
  try {
    return parseSettings(process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
