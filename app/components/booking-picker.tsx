import { useRef, useState, useSyncExternalStore, type FormEvent, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { postInBackground } from "#app/forms/post-in-background.ts";
import {
  BotTrap,
  FieldProblem,
  inputClass,
  PrivacyNote,
  Textarea,
} from "#app/components/ui/form-parts.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { companyTimeZone, type Day, type Interval } from "#app/booking/availability.ts";
import { dayLabel, dayParts, timeLabel, whenLabel, zoneName } from "#app/booking/format.ts";
import {
  bookingFields,
  bookingLimits,
  bookingStatusCodes,
  validateBooking,
  type BookingField,
  type BookingResult,
} from "#app/booking/form.ts";
import type { FieldError } from "#app/contact/schema.ts";

/** A free slot as the calendar needs it: its start (its end follows from the call's length). */
type Slot = Pick<Interval, "start">;

export type BookingPickerProps = {
  /** The booking page's URL: days and slots link there, the form posts there. */
  action: string;
  /** The page of a signed link, where a move is posted. */
  manageAction: string;
  /**
   * Every day with a free slot and their starts. Without any (no calendar, or none free) the
   * page shows no calendar but the way to write (app/routes/book.tsx).
   */
  days: { date: Day["date"]; slots: Slot[] }[];
  /** The chosen day (YYYY-MM-DD), if any. */
  day: string | null;
  /** The chosen slot, when it is still free. */
  slot: Slot | null;
  /** A signed link's token: the visitor is moving that call. */
  move: string | null;
  minutes: number;
  /** How long a booking held for the visitor's confirmation is kept (BOOKING_HOLD_MINUTES). */
  holdMinutes: number;
  /** What the server answered to a submission without JavaScript, if any. */
  result?: BookingResult | undefined;
  /**
   * The topic the form starts with (`?topic=`, a question carried over from /ask), editable.
   * Without JavaScript the day links and slot buttons carry it to the form.
   */
  topic?: string;
};

type Failed = Extract<BookingResult, { status: "failed" }>;

/** The ids the no-JS answers point to, so the browser lands on what changed. */
export const bookingAnchors = { slots: "booking-slots", details: "booking-details" } as const;

const subscribeToNothing = () => () => {};

/** The visitor's time zone once the page runs in the browser; the company's on the server. */
function useTimeZone(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone || companyTimeZone,
    () => companyTimeZone,
  );
}

/**
 * The booking page's calendar: the days with free slots, the slots of the chosen day, then
 * the visitor's details. Without JavaScript a day is a link, a slot a form button and the
 * details a plain POST form, each answered by the page; with it the same controls change the
 * page in place and the form posts in the background. Times show on the visitor's clock,
 * the zone named (the company's until the browser says which).
 */
export function BookingPicker(props: BookingPickerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const timeZone = useTimeZone();
  // True once React runs the calendar in the browser; until then it is links and forms.
  const enhanced = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [day, setDay] = useState(props.day);
  const [slot, setSlot] = useState(props.slot);
  const [result, setResult] = useState(props.result);
  const [alternatives, setAlternatives] = useState<Interval[]>(
    props.result?.status === "failed" ? (props.result.alternatives ?? []) : [],
  );
  const [pending, setPending] = useState(false);
  const [booked, setBooked] = useState<Extract<BookingResult, { status: "booked" | "held" }>>();
  const announce = useRef<HTMLDivElement>(null);
  const details = useRef<HTMLDivElement>(null);
  const failed: Failed | undefined = result?.status === "failed" ? result : undefined;
  const errors: Partial<Record<BookingField, FieldError>> = failed?.fieldErrors ?? {};

  const query = (params: Record<string, string>) => {
    const search = new URLSearchParams(params);
    if (props.move) search.set("move", props.move);
    if (props.topic) search.set("topic", props.topic);
    return `${props.action}?${search.toString()}`;
  };

  const open = props.days.filter((entry) => entry.slots.length > 0);
  const chosen = open.find((entry) => entry.date === day) ?? open[0];

  function chooseDay(event: MouseEvent<HTMLAnchorElement>, date: string) {
    event.preventDefault();
    flushSync(() => {
      setDay(date);
      setSlot(null);
    });
    document.getElementById(bookingAnchors.slots)?.focus();
  }

  function chooseSlot(event: MouseEvent<HTMLButtonElement>, next: Slot) {
    event.preventDefault();
    flushSync(() => {
      setSlot(next);
      setResult(undefined);
    });
    details.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // One of the next free slots offered after a lost race is the pressed button's value.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(form, submitter);
    if (!props.move) {
      const validation = validateBooking({
        name: data.get("name"),
        email: data.get("email"),
        company: data.get("company"),
        topic: data.get("topic"),
      });
      if (!validation.ok) {
        flushSync(() =>
          setResult({ status: "failed", reason: "invalid", fieldErrors: validation.fieldErrors }),
        );
        announce.current?.focus();
        return;
      }
    }
    setPending(true);
    const answer = await postInBackground({
      action: form.action,
      fields: data,
      extra: { tz: timeZone },
      statusCodes: bookingStatusCodes,
      failed: (reason): BookingResult => ({ status: "failed", reason }),
    });
    setPending(false);
    if (answer.status !== "failed" && props.move) {
      // A moved call: its own page says so, as after a move without JavaScript.
      window.location.assign(answer.manage);
      return;
    }
    flushSync(() => {
      setResult(answer);
      if (answer.status === "booked" || answer.status === "held") setBooked(answer);
      if (answer.status === "failed" && answer.alternatives) {
        setAlternatives(answer.alternatives);
      }
    });
    announce.current?.focus();
  }

  if (booked) {
    return (
      <div
        ref={announce}
        role="status"
        tabIndex={-1}
        className="rounded-lg border border-success bg-success-soft p-5 text-fg outline-none"
      >
        <h2 className="text-xl">{t(`booking.${booked.status}.title`)}</h2>
        <p className="mt-2 font-medium">{whenLabel(booked.start, lang, timeZone)}</p>
        <p className="mt-2">{t(`booking.${booked.status}.text`, { minutes: props.holdMinutes })}</p>
        {booked.status === "booked" ? (
          <p className="mt-3">
            {/* On the same clock as here, which the call's page cannot know by itself. */}
            <a
              href={`${booked.manage}&tz=${encodeURIComponent(timeZone)}`}
              className="font-medium text-brand-text underline"
            >
              {t("booking.manage.meta")}
            </a>
          </p>
        ) : null}
      </div>
    );
  }
  const problems = bookingFields.flatMap((name) => {
    const error = errors[name];
    return error
      ? [{ name, text: t(`contact.form.fieldErrors.${error}`, { max: bookingLimits[name] }) }]
      : [];
  });
  const field = (name: BookingField) => ({
    id: `booking-${name}`,
    name,
    required: name !== "company",
    maxLength: bookingLimits[name],
    defaultValue: failed?.values?.[name] ?? (name === "topic" ? (props.topic ?? "") : ""),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `booking-${name}-error` : undefined,
    className: inputClass,
  });
  /** After a lost race: the next free slots, each a button that books it. */
  const offering = failed?.reason === "taken" && alternatives.length > 0;
  // The zone's name for the times shown (summer or winter time of that day).
  const reference = slot?.start ?? chosen?.slots[0]?.start ?? 0;

  return (
    <div
      data-enhanced={enhanced || undefined}
      className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]"
    >
      <nav aria-labelledby="booking-days">
        <h2 id="booking-days" className="text-xl text-fg">
          {t("booking.days")}
        </h2>
        {/* Compact tiles (weekday, date, month), so a name never wraps: on phones one row that
            scrolls sideways, the times right below it; from 640 px a grid of four. The chosen
            day is filled, not only outlined. The full date is what assistive technology reads. */}
        <ul className="-mx-4 mt-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pt-1 pb-3 sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 sm:pb-0">
          {open.map((entry) => {
            const current = entry.date === chosen?.date;
            const parts = dayParts(entry.date, lang);
            return (
              <li key={entry.date} className="w-20 shrink-0 snap-start sm:w-auto">
                <a
                  href={`${query({ day: entry.date })}#${bookingAnchors.slots}`}
                  onClick={(event) => chooseDay(event, entry.date)}
                  aria-current={current ? "date" : undefined}
                  data-day={entry.date}
                  className={cn(
                    "relative flex h-full min-h-11 flex-col items-center rounded-lg border px-1.5 py-2 text-center",
                    current
                      ? "border-brand bg-brand text-on-brand shadow-card"
                      : "border-line bg-surface-raised text-fg hover:border-brand-text",
                  )}
                >
                  {/* Inside the tile (relative), so the row's scrolling clips it too. */}
                  <span className="sr-only">{dayLabel(entry.date, lang)}, </span>
                  <span aria-hidden="true" className="contents">
                    <span className="text-xs font-semibold uppercase">{parts.weekday}</span>
                    <span className="font-display text-2xl leading-tight font-extrabold tabular-nums">
                      {parts.day}
                    </span>
                    <span className="text-sm font-medium">{parts.month}</span>
                  </span>
                  <span
                    className={cn(
                      "mt-1 text-xs leading-tight",
                      current ? "text-on-brand" : "text-muted",
                    )}
                  >
                    {t("booking.slotCount", { count: entry.slots.length })}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-8">
        {chosen ? (
          <section
            id={bookingAnchors.slots}
            tabIndex={-1}
            aria-labelledby="booking-slots-title"
            className="scroll-mt-20 outline-none"
          >
            <h2 id="booking-slots-title" className="text-xl text-fg">
              {t("booking.slots", { date: dayLabel(chosen.date, lang) })}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {t("booking.zone", { zone: zoneName(reference, lang, timeZone) })}
            </p>
            <form method="get" action={`${props.action}#${bookingAnchors.details}`}>
              <input type="hidden" name="day" value={chosen.date} />
              {props.move ? <input type="hidden" name="move" value={props.move} /> : null}
              {props.topic ? <input type="hidden" name="topic" value={props.topic} /> : null}
              <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4">
                {chosen.slots.map((entry) => {
                  const label = timeLabel(entry.start, lang, timeZone);
                  const selected = slot?.start === entry.start;
                  return (
                    <li key={entry.start}>
                      <button
                        type="submit"
                        name="slot"
                        value={entry.start}
                        aria-label={t("booking.chooseSlot", { time: label })}
                        aria-pressed={selected}
                        onClick={(event) => chooseSlot(event, entry)}
                        className={cn(
                          "min-h-11 w-full scroll-mt-20 rounded-lg border px-2 py-2 font-semibold tabular-nums",
                          selected
                            ? "border-brand bg-brand text-on-brand"
                            : "border-line-strong bg-surface-raised text-fg hover:border-brand-text hover:text-brand-text",
                        )}
                      >
                        {label}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </form>
          </section>
        ) : null}
        {slot ? (
          <div
            id={bookingAnchors.details}
            ref={details}
            tabIndex={-1}
            aria-labelledby="booking-details-title"
            role="region"
            className="scroll-mt-20 outline-none"
          >
            <h2 id="booking-details-title" className="text-xl text-fg">
              {props.move ? t("booking.moveTitle") : t("booking.detailsTitle")}
            </h2>
            <p className="mt-1 font-medium text-fg">
              {t("booking.chosen", { when: whenLabel(slot.start, lang, timeZone) })}
            </p>
            <form
              method="post"
              action={props.move ? props.manageAction : props.action}
              onSubmit={onSubmit}
              className="mt-5 space-y-5"
            >
              <div ref={announce} tabIndex={-1} className="outline-none">
                {failed ? (
                  <div
                    role="alert"
                    className="rounded-lg border-2 border-danger bg-danger-soft p-4 text-fg"
                  >
                    <h3 className="font-semibold">{t("contact.form.errorSummary")}</h3>
                    {problems.length ? (
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-danger">
                        {problems.map(({ name, text }) => (
                          <li key={name}>
                            <a href={`#booking-${name}`} className="font-medium underline">
                              {t("contact.form.errorSummaryItem", {
                                field: t(`booking.form.${name}`),
                                error: text,
                              })}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="mt-2 text-sm">{t(`booking.reasons.${failed.reason}`)}</p>
                    )}
                  </div>
                ) : null}
              </div>
              {offering ? null : <input type="hidden" name="slot" value={slot.start} />}
              {props.move ? (
                <>
                  <input type="hidden" name="t" value={props.move} />
                  <input type="hidden" name="intent" value="move" />
                </>
              ) : (
                <>
                  {bookingFields.map((name) => (
                    <div key={name}>
                      <label htmlFor={`booking-${name}`} className="text-sm font-medium text-fg">
                        {t(`booking.form.${name}`)}
                      </label>
                      {name === "topic" ? (
                        <Textarea
                          rows={4}
                          {...field(name)}
                          className={cn(inputClass, "min-h-20 resize-y")}
                        />
                      ) : (
                        <input
                          type={name === "email" ? "email" : "text"}
                          autoComplete={name === "company" ? "organization" : name}
                          {...field(name)}
                        />
                      )}
                      <FieldProblem
                        id={`booking-${name}-error`}
                        text={problems.find((problem) => problem.name === name)?.text}
                      />
                    </div>
                  ))}
                  <BotTrap id="booking-website" />
                </>
              )}
              {offering ? (
                <fieldset>
                  <legend className="font-semibold text-fg">{t("booking.alternatives")}</legend>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {alternatives.map((entry) => (
                      <li key={entry.start}>
                        <Button type="submit" name="slot" value={entry.start} variant="outline">
                          {whenLabel(entry.start, lang, timeZone)}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ) : (
                <Button type="submit" disabled={pending} className="w-full sm:w-auto">
                  {pending
                    ? t("booking.form.sending")
                    : props.move
                      ? t("booking.form.moveSubmit")
                      : t("booking.form.submit")}
                </Button>
              )}
              {props.move ? null : <PrivacyNote text={t("booking.form.privacy")} lang={lang} />}
            </form>
            <p className="mt-4">
              <a
                href={`${query({ day: chosen?.date ?? "" })}#${bookingAnchors.slots}`}
                className="font-medium text-brand-text underline"
              >
                {t("booking.otherSlot")}
              </a>
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
