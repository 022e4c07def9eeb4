import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type FormEvent,
  type MouseEvent,
} from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { postInBackground } from "#app/forms/post-in-background.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  BotTrap,
  FieldProblem,
  inputClass,
  PrivacyNote,
  Textarea,
} from "#app/components/ui/form-parts.tsx";
import type { Language } from "#app/config/site.ts";
import {
  contactFields,
  contactLimits,
  contactStatusCodes,
  validateContact,
  type ContactField,
  type ContactResult,
  type FailureReason,
  type FieldError,
} from "#app/contact/schema.ts";
import { cn } from "#app/components/ui/cn.ts";

export type ContactFormProps = {
  /** The page's URL: the form posts there, with and without JavaScript. */
  action: string;
  /** What the server answered to a submission without JavaScript, if any. */
  result?: ContactResult;
  /** The document's title without errors; after a failed submission it gets the "Error:" prefix. */
  pageTitle: string;
  /** The message the form starts with (a question carried over from /ask), editable. */
  message?: string;
};

type FieldErrors = Partial<Record<ContactField, FieldError>>;
type Failure = { reason: FailureReason; fieldErrors: FieldErrors };

/**
 * The ids a no-JS answer's URL points to (the form's action for errors, the redirect for
 * "sent"): the browser lands on that box, under the header, and focuses it.
 */
export const contactAnchors = { errors: "contact-errors", sent: "contact-sent" } as const;

const subscribeToNothing = () => () => {};

/** A field or button: focusing one starts filling the form (the summary boxes do not). */
const isControl = (target: EventTarget | null) =>
  target instanceof Element && target.matches("input, textarea, button");

/**
 * The contact form. Without JavaScript it is a plain POST form answered by the page
 * itself; with JavaScript it posts to the same URL in the background, asking for JSON,
 * and answers in the same boxes the server renders without JavaScript (the success status,
 * the error summary), focused as they are on that path; on success it clears itself. Either
 * way the server validates with the same rules as the browser.
 */
export function ContactForm({ action, result, pageTitle, message = "" }: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const failed = result?.status === "failed" ? result : undefined;
  const [failure, setFailure] = useState<Failure | undefined>(
    failed && { reason: failed.reason, fieldErrors: failed.fieldErrors ?? {} },
  );
  const errors = failure?.fieldErrors ?? {};
  const [sent, setSent] = useState(result?.status === "sent");
  const [pending, setPending] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const sentBox = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** When the visitor first focused or typed in the form (performance.now()). */
  const startedAt = useRef<number | undefined>(undefined);
  // True once React runs the form in the browser; until then it is a plain POST form.
  const enhanced = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const isEmpty = () =>
      contactFields.every((name) => !(form.elements.namedItem(name) as HTMLInputElement).value);
    // The script loads when the visitor reaches for the form, so the first focus and some
    // typing may come before this runs: then the fill started about now.
    const focused = document.activeElement;
    if ((isControl(focused) && form.contains(focused)) || !isEmpty())
      startedAt.current ??= performance.now();
    // A page restored from the back/forward cache keeps its timer only if it kept the text.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && isEmpty()) startedAt.current = undefined;
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const markStarted = (event: FocusEvent<HTMLFormElement> | FormEvent<HTMLFormElement>) => {
    if (isControl(event.target)) startedAt.current ??= performance.now();
  };

  // The title says there is an error too: it is the first thing a screen reader reads.
  useEffect(() => {
    document.title = failure ? t("contact.form.errorPageTitle", { title: pageTitle }) : pageTitle;
  }, [failure, pageTitle, t]);

  function fail(reason: FailureReason, fieldErrors: FieldErrors = {}) {
    // Rendered now, so the summary exists to receive focus.
    flushSync(() => setFailure({ reason, fieldErrors }));
    summary.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSent(false);
    const data = new FormData(form);
    const validation = validateContact({
      name: data.get("name"),
      email: data.get("email"),
      message: data.get("message"),
    });
    if (!validation.ok) return fail("invalid", validation.fieldErrors);
    setPending(true);
    const started = startedAt.current;
    const outcome = await postInBackground({
      action,
      fields: new FormData(form),
      // People need seconds to write a message; the server marks quicker ones as possible spam.
      extra:
        started === undefined ? {} : { elapsed: String(Math.round(performance.now() - started)) },
      statusCodes: contactStatusCodes,
      failed: (reason): ContactResult => ({ status: "failed", reason }),
    });
    setPending(false);
    if (outcome.status === "sent") {
      // The next message is timed from its own start.
      startedAt.current = undefined;
      // The fields are uncontrolled (so nothing typed before hydration is lost): clear them here.
      for (const name of contactFields) {
        (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value = "";
      }
      // Rendered now, so the status box exists to receive focus, as on the no-JS "sent" page.
      flushSync(() => {
        setFailure(undefined);
        setSent(true);
      });
      sentBox.current?.focus();
    } else {
      fail(outcome.reason, outcome.fieldErrors);
    }
  }

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    required: true,
    maxLength: contactLimits[name],
    defaultValue: failed?.values?.[name] ?? (name === "message" ? message : ""),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
    className: inputClass,
  });

  // Each field's problem in words, in field order.
  const problems = contactFields.flatMap((name) => {
    const error = errors[name];
    return error
      ? [{ name, text: t(`contact.form.fieldErrors.${error}`, { max: contactLimits[name] }) }]
      : [];
  });

  // As in the GOV.UK pattern: the field gets focus and its label is scrolled into view,
  // which the plain link (the fallback without JavaScript) leaves under the fixed header.
  function focusField(event: MouseEvent<HTMLAnchorElement>, name: ContactField) {
    event.preventDefault();
    document.querySelector(`label[for="contact-${name}"]`)?.scrollIntoView();
    document.getElementById(`contact-${name}`)?.focus({ preventScroll: true });
  }

  return (
    <form
      method="post"
      action={`${action}#${contactAnchors.errors}`}
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={markStarted}
      onInput={markStarted}
      data-enhanced={enhanced || undefined}
      // A column whose message box takes whatever height the card is given.
      className="flex flex-1 flex-col gap-5"
    >
      {sent ? (
        // On the page a no-JS submission is redirected to, focused on load; after a send by
        // the script, focused by it: either way the visitor lands on it and hears it.
        <div
          id={contactAnchors.sent}
          ref={sentBox}
          role="status"
          tabIndex={-1}
          autoFocus
          className="rounded-lg border border-success bg-success-soft p-4 text-fg focus:outline-2 focus:outline-offset-2 focus:outline-success"
        >
          <p className="font-semibold">{t("contact.form.success")}</p>
          <p className="mt-1 text-sm">{t("contact.form.successText")}</p>
        </div>
      ) : null}
      {failure ? (
        // The error summary (GOV.UK pattern): focused after a failed submission, on load
        // without JavaScript; each problem links to its field.
        <div
          id={contactAnchors.errors}
          ref={summary}
          tabIndex={-1}
          autoFocus
          className="rounded-lg border-2 border-danger bg-danger-soft p-4 focus:outline-2 focus:outline-offset-2 focus:outline-danger"
        >
          <div role="alert">
            <h3 className="font-semibold text-fg">{t("contact.form.errorSummary")}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-danger">
              {problems.length > 0 ? (
                problems.map(({ name, text }) => (
                  <li key={name}>
                    <a
                      href={`#contact-${name}`}
                      onClick={(event) => focusField(event, name)}
                      className="font-medium underline"
                    >
                      {t("contact.form.errorSummaryItem", {
                        field: t(`contact.form.${name}`),
                        error: text,
                      })}
                    </a>
                  </li>
                ))
              ) : (
                <li>{t(`contact.form.reasons.${failure.reason}`)}</li>
              )}
            </ul>
          </div>
        </div>
      ) : null}
      {contactFields.map((name) => (
        <div key={name} className={cn(name === "message" && "flex flex-1 flex-col")}>
          <label htmlFor={`contact-${name}`} className="text-sm font-medium text-fg">
            {t(`contact.form.${name}`)}
          </label>
          {name === "message" ? (
            <Textarea
              rows={5}
              {...field(name)}
              className={cn(inputClass, "min-h-20 flex-1 resize-y")}
            />
          ) : (
            <input
              type={name === "email" ? "email" : "text"}
              autoComplete={name}
              {...field(name)}
            />
          )}
          <FieldProblem
            id={`contact-${name}-error`}
            text={problems.find((problem) => problem.name === name)?.text}
          />
        </div>
      ))}
      <BotTrap id="contact-website" />
      <Button type="submit" disabled={pending} className="w-full sm:w-auto sm:self-start">
        {pending ? t("contact.form.sending") : t("contact.form.submit")}
      </Button>
      <PrivacyNote text={t("contact.form.privacy")} lang={lang} />
    </form>
  );
}
