import proxyaddr from "proxy-addr";
import { z } from "zod";
import { siteConfig } from "~/config/site";

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting the server reads from the environment; `.env.example` documents them. */
const settingsSchema = z
  .object({
    DATABASE_PATH: z.string().min(1).default("./data/site.db"),
    /** PostgreSQL instead of SQLite, for several servers on one database. */
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** PostgreSQL's statement timeout (SQLite's short lock wait is fixed in the store). */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    CONTACT_TO: z.email().default(siteConfig.email),
    CONTACT_FROM: z.string().min(3).default(`${siteConfig.name} <${siteConfig.email}>`),
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
    /** Lets a monitor read /healthz details from outside with `Authorization: Bearer <token>`. */
    HEALTH_TOKEN: z
      .string()
      .min(16)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    RATE_LIMIT_MAX: count(5),
    RATE_LIMIT_WINDOW_SECONDS: count(600),
    CONTACT_MIN_FILL_SECONDS: z.coerce.number().min(0).default(3),
    OUTBOX_POLL_SECONDS: z.coerce.number().positive().default(5),
    OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
    OUTBOX_RETRY_MAX_SECONDS: z.coerce
      .number()
      .positive()
      .default(4 * 3600),
    OUTBOX_MAX_ATTEMPTS: count(15),
    /** How long a server may take to e-mail a message it claimed before another one may. */
    OUTBOX_LEASE_SECONDS: z.coerce.number().positive().default(120),
    /** Bound on connecting to the mail server, its greeting, and each silence after. */
    SMTP_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
    /** Bound on one whole send (a slow server can keep each step under the timeout above). */
    SMTP_SEND_DEADLINE_SECONDS: z.coerce.number().positive().default(50),
    /** E-mails per window (an hour); above it messages are kept and summarised once. */
    CONTACT_MAIL_PER_HOUR: count(20),
    CONTACT_MAIL_WINDOW_SECONDS: z.coerce.number().positive().default(3600),
  })
  .refine(
    // A send still running when its lease ends could be sent again by another server; the
    // margin covers recording the outcome after the deadline.
    (settings) => settings.OUTBOX_LEASE_SECONDS >= 2 * settings.SMTP_SEND_DEADLINE_SECONDS,
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
  );

export type Settings = z.output<typeof settingsSchema>;

/** Reads the settings once; a wrong one stops start-up with a message naming it. */
export function loadSettings(env: Record<string, string | undefined>): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
  );
  throw new Error(`Invalid settings:\n${problems.join("\n")}`);
}
