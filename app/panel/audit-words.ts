// The activity log's lines as the owner reads them: a sentence in their language for each
// action, with its number, person or time in words ("Movió la llamada n.º 1 al 4 dic 2026,
// 11:00", Madrid time; "Exportó 2 mensajes"), never a stored detail as it is kept.
import type { TFunction } from "i18next";
import { companyDateTime } from "#app/panel/time.ts";

/** The audit log's actions, each a sentence in the catalogues (panel.people.actions). */
const actions = [
  "invite",
  "enrol",
  "sign-in",
  "sign-out",
  "sign-out-everywhere",
  "enrol-refused",
  "sign-in-refused",
  "csrf-refused",
  "export",
  "export-calls",
  "mark-new",
  "mark-answered",
  "mark-archived",
  "delete-message",
  "release-spam",
  "cancel-call",
  "move-call",
  "remove-person",
  "rotate-feed",
] as const;
const isAction = (action: string): action is (typeof actions)[number] =>
  (actions as readonly string[]).includes(action);

/**
 * A moment as a log's detail keeps it: milliseconds, or ISO text in lines written before
 * the log kept milliseconds.
 */
const momentOf = (text: string | undefined) =>
  text === undefined ? Number.NaN : /^\d+$/.test(text) ? Number(text) : Date.parse(text);

export function auditLine(
  entry: { action: string; detail: string | null },
  { t, lang }: { t: TFunction; lang: string },
): string {
  const { action } = entry;
  // An action a newer release logged: its name rather than nothing.
  if (!isAction(action)) return action;
  const detail = entry.detail ?? "";
  const count = Number(detail);
  const [id, moment] = detail.split(" ");
  const when = momentOf(moment);
  return t(`panel.people.actions.${action}`, {
    detail,
    id,
    count: Number.isFinite(count) ? count : 0,
    date: Number.isFinite(when) ? companyDateTime(when, lang) : "",
  });
}
