import { useSyncExternalStore, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "#app/config/site.ts";
import { localizedPath } from "#app/routing/paths.ts";

/** The parts the site's forms (contact, booking) share, so both look and behave as one. */

export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-line-strong bg-surface-raised px-3.5 py-2.5 text-base text-fg shadow-xs placeholder:text-muted focus:border-brand-text focus:ring-2 focus:ring-ring/30 focus:outline-none aria-invalid:border-danger";

/** A field's own error under it; the field names it in `aria-describedby` (`id`). */
export function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger">
      {text}
    </p>
  ) : null;
}

/**
 * The bot trap: a `website` field hidden from people and assistive technology; bots fill it
 * in, and the server drops what they send.
 */
export function BotTrap({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t("contact.form.honeypot")}</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What happens to what is sent, with the link to the privacy policy. */
export function PrivacyNote({ text, lang }: { text: string; lang: Language }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-muted">
      {text}{" "}
      <a href={localizedPath("privacy", lang)} className="font-medium text-brand-text underline">
        {t("contact.form.privacyLink")}
      </a>
      .
    </p>
  );
}

const subscribeToNothing = () => () => {};

/**
 * A textarea that keeps what the visitor typed before the form's script took over. React 19
 * hydrates a textarea by writing its default text into its value (an input's value it leaves
 * alone), which replaces text typed on the plain HTML page, or doubles it when the visitor was
 * typing over a selection. So while React hydrates it, the textarea gets no default text:
 * React then leaves its value alone, and app/entry.client.tsx has marked the textarea as edited
 * beforehand, so the emptied default does not clear what it shows. On the server, and once the
 * page runs (a textarea created later), it gets its default as usual.
 */
export function Textarea({ defaultValue, ...props }: ComponentProps<"textarea">) {
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => typeof document !== "undefined",
  );
  return <textarea {...props} defaultValue={hydrating ? undefined : defaultValue} />;
}
