import { data, redirect } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { knownZone, whenLabel } from "#app/booking/format.ts";
import type { BookingResult } from "#app/booking/form.ts";
import { bookingContext } from "#app/booking/service.server.ts";
import { jsonAnswer, wantsJson } from "#app/contact/endpoint.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { bookingManagePath, bookingPath, publishedLanguages } from "#app/routing/paths.ts";
import type { Route } from "./+types/book-manage";

/** The calendar's script moves a call asking for JSON: answered here. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || !wantsJson(request)) return next();
    const { booking, clientKey } = context.get(bookingContext);
    return jsonAnswer(await booking.manage(request, { clientKey }));
  },
];

/** Cancel or move without JavaScript: 303 back to this page, which says what was done. */
export async function action({ request, context }: Route.ActionArgs) {
  const { booking, clientKey } = context.get(bookingContext);
  const { status, result, headers } = await booking.manage(request, { clientKey });
  if (result.status !== "failed") return redirect(result.manage, { status: 303, headers });
  return data(result, { status, headers });
}

/** The page's own (never cached, never referred), and a refused change's rate-limit state. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  ...Object.fromEntries(actionHeaders),
  ...Object.fromEntries(loaderHeaders),
});

/** The call a signed link names; a wrong or tampered link is refused (403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  const booking = await context.get(bookingContext).booking.find(token);
  const links = Object.fromEntries(publishedLanguages().map((code) => [code, bookingPath(code)]));
  // The link is a key: never cached, never sent to another site (same-origin keeps the
  // Origin header the forms need: server/origin-guard.ts).
  const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
  if (!booking) {
    return data(
      { booking: null, token: null, done: null, timeZone: null, languageLinks: links },
      { status: 403, headers: noStore },
    );
  }
  const done =
    (["booked", "moved", "cancelled"] as const).find((key) => url.searchParams.has(key)) ?? null;
  return data(
    {
      booking: {
        start: booking.start,
        topic: booking.topic,
        status: booking.status,
        held: booking.heldUntil !== null,
      },
      token,
      done,
      // The visitor's clock when the calendar's script links here (`tz`); else the company's.
      timeZone: knownZone(url.searchParams.get("tz")) ?? null,
      languageLinks: links,
    },
    { headers: noStore },
  );
}

export default function BookManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useLocale();
  const { booking, token, done, timeZone } = loaderData;
  const failed = actionData as Extract<BookingResult, { status: "failed" }> | undefined;
  if (!booking || !token) {
    return (
      <>
        <PageMeta title={t("booking.manage.invalidTitle")} />
        <PageHeader title={t("booking.manage.invalidTitle")}>
          <p>{t("booking.manage.invalid")}</p>
        </PageHeader>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <ButtonLink href={bookingPath(lang)}>{t("booking.manage.bookAgain")}</ButtonLink>
        </div>
      </>
    );
  }
  const active = booking.status === "booked";
  const held = active && booking.held;
  const notice = done
    ? t(done === "booked" ? "booking.booked.text" : `booking.manage.${done}`)
    : null;
  return (
    <>
      <PageMeta title={t("booking.manage.meta")} />
      <PageHeader title={t("booking.manage.title")} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6 sm:py-16">
        {notice ? (
          <div
            role="status"
            className="rounded-lg border border-success bg-success-soft p-4 text-fg"
          >
            {done === "booked" ? (
              <p className="font-semibold">{t("booking.booked.title")}</p>
            ) : null}
            <p className="mt-1">{notice}</p>
          </div>
        ) : null}
        {failed ? (
          <div
            role="alert"
            className="rounded-lg border-2 border-danger bg-danger-soft p-4 text-fg"
          >
            <p>{t(`booking.reasons.${failed.reason}`)}</p>
          </div>
        ) : null}
        <Card as="section" aria-labelledby="booking-call" padding="lg">
          <h2 id="booking-call" className="sr-only">
            {t("booking.manage.meta")}
          </h2>
          <dl className="space-y-4">
            <div>
              <dt className="text-sm font-medium text-muted">{t("booking.manage.when")}</dt>
              <dd className="mt-1 font-semibold text-fg">
                {whenLabel(booking.start, lang, timeZone ?? undefined)}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted">{t("booking.manage.status")}</dt>
              <dd className="mt-1 text-fg">
                {held
                  ? t("booking.manage.statusHeld")
                  : active
                    ? t("booking.manage.statusBooked")
                    : t("booking.manage.statusCancelled")}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted">{t("booking.manage.topic")}</dt>
              <dd className="mt-1 whitespace-pre-line text-fg">{booking.topic}</dd>
            </div>
          </dl>
          {held ? (
            <div className="mt-8 flex flex-wrap gap-3">
              <IntentButton token={token} intent="confirm" label={t("booking.manage.confirm")} />
              <IntentButton
                token={token}
                intent="cancel"
                label={t("booking.manage.cancel")}
                variant="outline"
              />
            </div>
          ) : active ? (
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink
                href={`${bookingPath(lang)}?move=${encodeURIComponent(token)}`}
                variant="outline"
              >
                {t("booking.manage.move")}
              </ButtonLink>
              <IntentButton token={token} intent="cancel" label={t("booking.manage.cancel")} />
            </div>
          ) : (
            <ButtonLink href={bookingPath(lang)} className="mt-8">
              {t("booking.manage.bookAgain")}
            </ButtonLink>
          )}
        </Card>
      </div>
    </>
  );
}

/** A button that posts one intent (confirm, cancel) with the call's signed link to its page. */
function IntentButton({
  token,
  intent,
  label,
  variant,
}: {
  token: string;
  intent: "confirm" | "cancel";
  label: string;
  variant?: "outline";
}) {
  const { lang } = useLocale();
  return (
    <form method="post" action={`${bookingManagePath(lang)}?t=${encodeURIComponent(token)}`}>
      <input type="hidden" name="t" value={token} />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </form>
  );
}
