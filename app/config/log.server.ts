import pino from "pino";
import { settings } from "#app/config/settings.server.ts";

/**
 * Structured JSON logs. At info level they never carry a message body or an e-mail
 * address: only ids, statuses and counts.
 */
export const log = pino({
  level: settings.log.LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = typeof log;
