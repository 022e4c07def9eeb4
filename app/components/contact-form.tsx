import { useState, useSyncExternalStore, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast, Toaster } from "sonner";
import { Button } from "~/components/ui/button";
import type { Language } from "~/config/site";
import {
  contactFields,
  contactLimits,
  contactStatusCodes,
  validateContact,
  type ContactField,
  type ContactResult,
  type FailureReason,
  type FieldError,
} from "~/lib/contact/schema";
import { localizedPath } from "~/lib/site-paths";
import { cn } from "~/lib/utils";

export type ContactFormProps = {
  /** The page's URL: the form posts there without JavaScript. */
  action: string;
  /** What the server answered to a submission without JavaScript, if any. */
  result?: ContactResult;
};

type FieldErrors = Partial<Record<ContactField, FieldError>>;

const subscribeToNothing = () => () => {};

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-line-strong bg-surface-raised px-3.5 py-2.5 text-base text-fg shadow-xs placeholder:text-muted focus:border-brand-text focus:ring-2 focus:ring-ring/30 focus:outline-none aria-invalid:border-danger";

/** The reason behind an answer that is not JSON (a proxy, the origin guard, ...). */
function reasonFromStatus(status: number): FailureReason {
  const match = Object.entries(contactStatusCodes).find(([, code]) => code === status);
  return (match?.[0] as FailureReason | undefined) ?? "unavailable";
}

async function post(form: HTMLFormElement, lang: Language): Promise<ContactResult> {
  const body = new URLSearchParams();
  new FormData(form).forEach((value, key) => body.append(key, String(value)));
  // Time since the page started loading: people need seconds to write a message.
  body.set("elapsed", String(Math.round(performance.now())));
  try {
    const response = await fetch(`/api/contact?lang=${lang}`, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    if (response.headers.get("content-type")?.includes("application/json")) {
      return (await response.json()) as ContactResult;
    }
    return { status: "failed", reason: reasonFromStatus(response.status) };
  } catch {
    return { status: "failed", reason: "unavailable" };
  }
}

/**
 * The contact form. Without JavaScript it is a plain POST form answered by the page
 * itself; with JavaScript it posts in the background, shows toasts and clears itself on
 * success. Either way the server validates with the same rules as the browser.
 */
export function ContactForm({ action, result }: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const failed = result?.status === "failed" ? result : undefined;
  const [errors, setErrors] = useState<FieldErrors>(failed?.fieldErrors ?? {});
  const [notice, setNotice] = useState<ContactResult | undefined>(result);
  const [pending, setPending] = useState(false);
  // True once React runs the form in the browser; until then it is a plain POST form.
  const enhanced = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

  function fail(reason: FailureReason, fieldErrors: FieldErrors = {}) {
    setErrors(fieldErrors);
    toast.error(t("contact.form.error"), { description: t(`contact.form.reasons.${reason}`) });
    const first = contactFields.find((field) => fieldErrors[field]);
    if (first) document.getElementById(`contact-${first}`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setNotice(undefined);
    const data = new FormData(form);
    const validation = validateContact({
      name: data.get("name"),
      email: data.get("email"),
      message: data.get("message"),
    });
    if (!validation.ok) return fail("invalid", validation.fieldErrors);
    setPending(true);
    const outcome = await post(form, lang);
    setPending(false);
    if (outcome.status === "sent") {
      // The fields are uncontrolled (so nothing typed before hydration is lost): clear them here.
      for (const name of contactFields) {
        (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value = "";
      }
      setErrors({});
      toast.success(t("contact.form.success"));
    } else {
      fail(outcome.reason, outcome.fieldErrors);
    }
  }

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    required: true,
    maxLength: contactLimits[name],
    defaultValue: failed?.values?.[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
    className: inputClass,
  });

  const fieldError = (name: ContactField) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="mt-1.5 text-sm font-medium text-danger">
        {t(`contact.form.fieldErrors.${errors[name]}`, { max: contactLimits[name] })}
      </p>
    ) : null;

  return (
    <>
      <form
        method="post"
        action={action}
        onSubmit={onSubmit}
        data-enhanced={enhanced || undefined}
        className="space-y-5"
      >
        {notice?.status === "sent" ? (
          <div
            role="status"
            className="rounded-lg border border-success bg-success-soft p-4 text-fg"
          >
            <p className="font-semibold">{t("contact.form.success")}</p>
            <p className="mt-1 text-sm">{t("contact.form.successText")}</p>
          </div>
        ) : null}
        {notice?.status === "failed" ? (
          <div role="alert" className="rounded-lg border border-danger bg-danger-soft p-4 text-fg">
            <p className="font-semibold">{t("contact.form.error")}</p>
            <p className="mt-1 text-sm">{t(`contact.form.reasons.${notice.reason}`)}</p>
          </div>
        ) : null}
        {contactFields.map((name) => (
          <div key={name}>
            <label htmlFor={`contact-${name}`} className="text-sm font-medium text-fg">
              {t(`contact.form.${name}`)}
            </label>
            {name === "message" ? (
              <textarea rows={5} {...field(name)} className={cn(inputClass, "min-h-20 resize-y")} />
            ) : (
              <input
                type={name === "email" ? "email" : "text"}
                autoComplete={name}
                {...field(name)}
              />
            )}
            {fieldError(name)}
          </div>
        ))}
        {/* Bot trap: hidden from people and assistive technology; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{t("contact.form.honeypot")}</label>
          <input
            id="contact-website"
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? t("contact.form.sending") : t("contact.form.submit")}
        </Button>
        <p className="text-sm text-muted">
          {t("contact.form.privacy")}{" "}
          <a
            href={localizedPath("privacy", lang)}
            className="font-medium text-brand-text underline"
          >
            {t("contact.form.privacyLink")}
          </a>
          .
        </p>
      </form>
      <Toaster
        position="bottom-right"
        visibleToasts={3}
        duration={4000}
        gap={14}
        theme="system"
        richColors
        containerAriaLabel={t("contact.form.toasts")}
        toastOptions={{ closeButtonAriaLabel: t("contact.form.closeToast") }}
      />
    </>
  );
}
