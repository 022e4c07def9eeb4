import { data, redirect, type RouterContextProvider } from "react-router";
import bookingRules from "#content/booking.json" with { type: "json" };
import { Mail } from "lucide-react";
import { siteConfig } from "#app/config/site.ts";
import { BookingPickerIsland } from "#app/components/booking-picker-island.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { DocumentMeta } from "#app/components/page-meta.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { jsonAnswer, wantsJson } from "#app/contact/endpoint.server.ts";
import { bookingContext } from "#app/booking/service.server.ts";
import { bookingLimits, type BookingResult } from "#app/booking/form.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import {
  bookingManagePath,
  bookingPath,
  parseLocalizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";
import { absoluteUrl, ogImagePath } from "#app/routing/seo.ts";
import type { Route } from "./+types/book";

/** The calendar hydrates (app/root.tsx): days and slots change in place, the form posts in the background. */
export const handle = { hydrate: true };

/** One booking posted to this page, in the page's language. */
function book(request: Request, context: Readonly<RouterContextProvider>) {
  const { booking, clientKey } = context.get(bookingContext);
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return booking.book(request, { clientKey, lang });
}

/** The calendar's script posts asking for JSON: answered here, before the page is rendered. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || !wantsJson(request)) return next();
    return jsonAnswer(await book(request, context));
  },
];

/**
 * The form's answer without JavaScript. Booked: 303 to the call's own page (its signed
 * link), so a refresh never books twice. Not booked: this page again, with what was typed,
 * the errors and, when the slot was taken, the next free slots.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, result, headers } = await book(request, context);
  if (result.status === "booked" || result.status === "held") {
    return redirect(result.manage, { status: 303, headers });
  }
  return data(result, { status, headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  ...Object.fromEntries(actionHeaders),
  // Free slots change by the minute: never kept by a cache.
  "Cache-Control": "no-store",
});

/** The free slots now; the chosen day and slot of a request without JavaScript; a move's link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { booking } = context.get(bookingContext);
  const url = new URL(request.url);
  const availability = await booking.availability();
  const days = availability.stale ? null : availability.days;
  const token = url.searchParams.get("move");
  const moving = token ? await booking.find(token) : undefined;
  const start = Number(url.searchParams.get("slot"));
  const slot = days?.flatMap((day) => day.slots).find((entry) => entry.start === start) ?? null;
  const requestedDay = url.searchParams.get("day");
  const day =
    days?.find((entry) => entry.date === requestedDay)?.date ??
    (slot ? days?.find((entry) => entry.slots.includes(slot))?.date : undefined) ??
    null;
  return {
    // What the calendar shows, and its island carries as data: the days with a free slot and
    // their starts (a call's end follows from its length), which keeps the page small.
    days:
      days
        ?.filter((entry) => entry.slots.length > 0)
        .map((entry) => ({
          date: entry.date,
          slots: entry.slots.map(({ start }) => ({ start })),
        })) ?? null,
    day,
    slot,
    // A held call is confirmed first, then moved.
    move: moving?.status === "booked" && moving.heldUntil === null ? token : null,
    booked: url.searchParams.has("booked"),
    held: url.searchParams.has("held"),
    holdMinutes: booking.holdMinutes,
    // A question carried over from /ask: the topic the form starts with.
    topic: (url.searchParams.get("topic") ?? "").slice(0, bookingLimits.topic),
    languageLinks: Object.fromEntries(
      publishedLanguages().map((code) => [code, bookingPath(code)]),
    ),
  };
}

/**
 * No calendar to offer (none configured, not read lately, or no free time left): not an
 * error for the visitor, who can still ask for a call. The page then is an invitation to
 * write, from its title down, and its two ways to write fill the column side by side: the
 * contact form and e-mail.
 */
function BookingUnavailable({ reason }: { reason?: string }) {
  const { t, href } = useLocale();
  const minutes = bookingRules.meetingMinutes;
  const way = "flex flex-col items-start";
  return (
    <div className="grid gap-6 md:grid-cols-2" data-booking-unavailable>
      {/* Moving a call: the header speaks of the move, so the reason is said here. */}
      {reason ? <p className="text-lg text-pretty text-muted md:col-span-2">{reason}</p> : null}
      <Card as="section" aria-labelledby="booking-form-way" padding="lg" className={way}>
        <h2 id="booking-form-way" className="text-xl text-fg">
          {t("booking.unavailable.formTitle")}
        </h2>
        <p className="mt-3 flex-1 text-pretty text-muted">
          {t("booking.unavailable.formText", { minutes })}
        </p>
        <ButtonLink href={href("contact")} className="mt-6">
          {t("booking.unavailable.form")}
        </ButtonLink>
      </Card>
      <Card as="section" aria-labelledby="booking-mail-way" padding="lg" className={way}>
        <h2 id="booking-mail-way" className="text-xl text-fg">
          {t("booking.unavailable.mailTitle")}
        </h2>
        <p className="mt-3 flex-1 text-pretty text-muted">{t("booking.unavailable.mailText")}</p>
        <a
          href={`mailto:${siteConfig.email}`}
          className="mt-6 inline-flex min-h-11 items-center gap-2 font-semibold break-all text-brand-text underline underline-offset-4"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {t("booking.unavailable.mail")}
        </a>
      </Card>
    </div>
  );
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useLocale();
  const minutes = bookingRules.meetingMinutes;
  const title = t("booking.meta.title");
  const moving = loaderData.move !== null;
  const failed = actionData as Extract<BookingResult, { status: "failed" }> | undefined;
  const { days } = loaderData;
  const unavailable = days === null ? "unavailable" : days.length === 0 ? "noDays" : null;
  // With nothing to book, the page invites the visitor to write, from its title down.
  const writing = unavailable !== null && !moving;
  const reason =
    unavailable === "noDays" ? t("booking.unavailable.noDays") : t("booking.unavailable.text");
  return (
    <>
      {actionData || moving || loaderData.booked || loaderData.held ? (
        <DocumentMeta
          title={actionData ? t("contact.form.errorPageTitle", { title }) : title}
          description={t("booking.meta.description", { minutes })}
          canonical={absoluteUrl(bookingPath(lang))}
          alternates={[]}
          otherLanguages={[]}
          image={ogImagePath(lang)}
          imageAlt={t("seo.imageAlt")}
        />
      ) : (
        <DocumentMeta
          title={writing ? t("booking.unavailable.title") : title}
          description={writing ? reason : t("booking.meta.description", { minutes })}
          canonical={absoluteUrl(bookingPath(lang))}
          alternates={publishedLanguages().map((code) => ({
            hreflang: code,
            href: absoluteUrl(bookingPath(code)),
          }))}
          otherLanguages={publishedLanguages().filter((code) => code !== lang)}
          image={ogImagePath(lang)}
          imageAlt={t("seo.imageAlt")}
        />
      )}
      <PageHeader
        title={
          moving
            ? t("booking.moveTitle")
            : writing
              ? t("booking.unavailable.title")
              : t("booking.title")
        }
      >
        <p>{moving ? t("booking.moveLead") : writing ? reason : t("booking.lead", { minutes })}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {loaderData.booked ? (
          <div
            role="status"
            className="mb-8 rounded-lg border border-success bg-success-soft p-4 text-fg"
          >
            <p className="font-semibold">{t("booking.booked.title")}</p>
            <p className="mt-1 text-sm">{t("booking.booked.text")}</p>
          </div>
        ) : null}
        {loaderData.held ? (
          <div
            role="status"
            className="mb-8 rounded-lg border border-success bg-success-soft p-4 text-fg"
          >
            <p className="font-semibold">{t("booking.held.title")}</p>
            <p className="mt-1 text-sm">
              {t("booking.held.text", { minutes: loaderData.holdMinutes })}
            </p>
          </div>
        ) : null}
        {days === null || unavailable ? (
          <BookingUnavailable reason={writing ? undefined : reason} />
        ) : (
          <BookingPickerIsland
            action={bookingPath(lang)}
            // The call's own page, which shows a refused move's reason beside the call.
            manageAction={
              loaderData.move
                ? `${bookingManagePath(lang)}?t=${encodeURIComponent(loaderData.move)}`
                : bookingManagePath(lang)
            }
            days={days}
            day={loaderData.day}
            slot={loaderData.slot ?? failed?.slot ?? null}
            move={loaderData.move}
            minutes={minutes}
            holdMinutes={loaderData.holdMinutes}
            result={failed}
            topic={loaderData.topic}
          />
        )}
      </div>
    </>
  );
}
