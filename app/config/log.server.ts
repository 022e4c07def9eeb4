import pino from "pino";

/**
 * Structured JSON logs. At info level they never carry a message body or an e-mail
 * address: only ids, statuses and counts.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = typeof log;
