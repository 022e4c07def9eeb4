// The panel's calls: the booked calls to come and those past (or cancelled), each with the
// visitor's topic; a call to come can be cancelled or moved to a free slot, and the visitor
// gets the same e-mail as when they change it themselves (app/booking/service.server.ts).
import { timingSafeEqual } from "node:crypto";
import type express from "express";
import ical from "ical-generator";
import { siteConfig } from "#app/config/site.ts";
import { companyTimeZone } from "#app/booking/availability.ts";
import type { BookingService } from "#app/booking/service.server.ts";
import type { PanelAuth } from "#app/panel/auth.server.ts";
import { callsSheet } from "#app/panel/spreadsheet.ts";
import { companyDateTime } from "#app/panel/time.ts";
import { printableLine, printableText } from "#app/text/printable.ts";
import {
  ActionForm,
  confirmPage,
  Notice,
  panelPath,
  renderPage,
  type PageContext,
} from "#app/panel/views.tsx";
import { idOf, localsOf, notFound } from "#server/panel.tsx";

const callsPath = `${panelPath}/calls`;
/** The owner's reason for the visitor, at most this many characters. */
const maxReason = 1000;
type Call = Awaited<ReturnType<BookingService["list"]>>[number];

function CallList({
  context,
  calls,
  past,
}: {
  context: PageContext;
  calls: Call[];
  past: boolean;
}) {
  const { t, lang } = context;
  if (!calls.length) return <p>{t(past ? "panel.calls.nonePast" : "panel.calls.none")}</p>;
  return (
    <ul className="cards">
      {calls.map((call) => {
        const held = call.status === "booked" && call.heldUntil !== null;
        return (
          <li key={call.id} className="card">
            <h3>
              <time>{companyDateTime(call.start, lang)}</time> · {call.name}
            </h3>
            <p className="meta">
              <a href={`mailto:${encodeURIComponent(call.email)}`}>{call.email}</a>
              {call.company ? ` · ${call.company}` : ""} ·{" "}
              <span className={`mark mark-${held ? "held" : call.status}`}>
                {t(`panel.calls.status.${held ? "held" : call.status}`)}
              </span>
            </p>
            <p>
              <span className="label">{t("panel.calls.topic")}</span> {call.topic}
            </p>
            {!past && call.status === "booked" ? (
              <div className="actions">
                {held ? null : (
                  <a href={`${callsPath}/${call.id}/move`}>
                    {t("panel.calls.move", { name: call.name })}
                  </a>
                )}
                <a href={`${callsPath}/${call.id}/cancel`}>
                  {t("panel.calls.cancel", { name: call.name })}
                </a>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The booked calls as a calendar feed (iCalendar) for the owner's calendar app, which cannot
 * sign in with a passkey: its address holds a random key of this database, like the secret
 * address of a Google or Outlook calendar. Calls to come and of the last 30 days; cancelled
 * and unconfirmed ones left out.
 */
/**
 * The feed's address to copy, and where Google Calendar and Outlook take it: a subscribed
 * calendar, which they fetch again by themselves every few hours.
 */
function CalendarFeed({ context: { t }, feed }: { context: PageContext; feed: string }) {
  return (
    <section aria-labelledby="calendar">
      <h2 id="calendar">{t("panel.calls.calendar")}</h2>
      <p>{t("panel.calls.calendarLead")}</p>
      <p>
        <label className="field">
          {t("panel.calls.calendarAddress")}
          <input type="url" readOnly value={feed} className="copy" />
        </label>
      </p>
      <ul>
        <li>{t("panel.calls.calendarGoogle")}</li>
        <li>{t("panel.calls.calendarOutlook")}</li>
        <li>{t("panel.calls.calendarApple")}</li>
      </ul>
      <p className="hint">{t("panel.calls.calendarHint")}</p>
    </section>
  );
}

export function callsFeed(
  router: express.Router,
  { booking, key }: { booking: BookingService; key: () => Promise<string> },
) {
  router.get("/calendar/:key.ics", async (req, res) => {
    // Only the address as it was handed out: Express matches without case, so the key, the
    // folder or the extension in other letters (`/panel/Calendar/KEY.ICS`) must not serve it.
    const given = Buffer.from(req.originalUrl.split("?")[0] ?? "");
    const expected = Buffer.from(`${panelPath}/calendar/${await key()}.ics`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return notFound(res);
    }
    const { t } = localsOf(res).context;
    const since = booking.now() - 30 * 24 * 3_600_000;
    const calendar = ical({
      name: t("panel.calls.title"),
      prodId: { company: siteConfig.name, product: "panel" },
    });
    for (const call of await booking.list()) {
      if (call.status !== "booked" || call.heldUntil !== null || call.end < since) continue;
      calendar.createEvent({
        id: `panel-call-${call.id}-${call.createdAt}`,
        start: new Date(call.start),
        end: new Date(call.end),
        // What the visitor typed, as every text shown to the owner (app/text/printable.ts).
        summary: printableLine(call.company ? `${call.name} (${call.company})` : call.name),
        description: printableText(`${call.topic}\n\n${call.email}`),
      });
    }
    res.type("text/calendar; charset=utf-8").send(calendar.toString());
  });
}

export function callsSection(
  router: express.Router,
  {
    booking,
    auth,
    feedUrl,
  }: {
    booking: BookingService;
    auth: PanelAuth;
    /** The calls' calendar feed, with its key (callsFeed). */
    feedUrl: () => Promise<string>;
  },
) {
  const callOf = async (req: express.Request) => {
    const id = idOf(req);
    if (id === undefined) return undefined;
    const call = (await booking.list()).find((entry) => entry.id === id);
    return call?.status === "booked" && call.end > booking.now() ? call : undefined;
  };

  router.get("/calls", async (req, res) => {
    const { context } = localsOf(res);
    const { t } = context;
    const now = booking.now();
    const all = await booking.list();
    const upcoming = all
      .filter((call) => call.status === "booked" && call.end > now)
      .sort((a, b) => a.start - b.start);
    const past = all.filter((call) => !upcoming.includes(call));
    const feed = await feedUrl();
    const done = req.query["done"];
    res.send(
      renderPage(
        { ...context, section: "calls" },
        t("panel.calls.title"),
        <>
          <Notice
            text={
              done === "moved" || done === "cancelled" ? t(`panel.calls.done.${done}`) : undefined
            }
          />
          <p>
            <a href={`${callsPath}.csv`} download>
              {t("panel.calls.export")}
            </a>
          </p>
          <section aria-labelledby="upcoming">
            <h2 id="upcoming">{t("panel.calls.upcoming", { count: upcoming.length })}</h2>
            <CallList context={context} calls={upcoming} past={false} />
          </section>
          <section aria-labelledby="past">
            <h2 id="past">{t("panel.calls.past", { count: past.length })}</h2>
            <CallList context={context} calls={past} past />
          </section>
          <CalendarFeed context={context} feed={feed} />
        </>,
      ),
    );
  });

  router.get("/calls.csv", async (_req, res) => {
    const { session, context } = localsOf(res);
    const calls = [...(await booking.list())].sort((a, b) => a.start - b.start);
    await auth.audit(session?.email ?? null, "export-calls", String(calls.length));
    res
      .type("text/csv; charset=utf-8")
      .attachment(`${context.t("panel.export.callsFile")}.csv`)
      .send(callsSheet(calls, context));
  });

  router.get("/calls/:id/cancel", async (req, res) => {
    const { context } = localsOf(res);
    const { t, lang } = context;
    const call = await callOf(req);
    if (!call) return notFound(res);
    res.send(
      confirmPage(
        { ...context, section: "calls" },
        {
          title: t("panel.calls.cancelTitle", { name: call.name }),
          text: (
            <p>
              {t("panel.calls.cancelText", {
                name: call.name,
                date: companyDateTime(call.start, lang),
              })}
            </p>
          ),
          fields: (
            <label className="field">
              {t("panel.calls.reason", { name: call.name })}
              <textarea name="reason" rows={3} maxLength={maxReason} />
            </label>
          ),
          action: `${callsPath}/${call.id}/cancel`,
          confirm: t("panel.calls.cancelConfirm"),
          back: callsPath,
        },
      ),
    );
  });

  router.post("/calls/:id/cancel", async (req, res) => {
    const { session } = localsOf(res);
    const call = await callOf(req);
    const reason = String((req.body as { reason?: unknown }).reason ?? "").slice(0, maxReason);
    if (!call || !(await booking.cancelByOwner(call.id, reason))) return notFound(res);
    await auth.audit(session?.email ?? null, "cancel-call", String(call.id));
    res.redirect(303, `${callsPath}?done=cancelled`);
  });

  /** The free slots, by day, to choose the call's new time from (a plain form). */
  async function movePage(req: express.Request, res: express.Response, problem?: string) {
    const { context } = localsOf(res);
    const { t, lang } = context;
    const call = await callOf(req);
    if (!call) return notFound(res);
    const availability = await booking.availability();
    const days = availability.stale ? [] : availability.days.filter((day) => day.slots.length);
    const dayName = new Intl.DateTimeFormat(lang, {
      timeZone: companyTimeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
    });
    const hour = new Intl.DateTimeFormat(lang, {
      timeZone: companyTimeZone,
      hour: "2-digit",
      minute: "2-digit",
    });
    res.status(problem ? 409 : 200).send(
      renderPage(
        { ...context, section: "calls" },
        t("panel.calls.moveTitle", { name: call.name }),
        <>
          {problem ? (
            <p role="alert" className="problem">
              {problem}
            </p>
          ) : null}
          <dl className="facts">
            <dt>{t("panel.calls.currentTime")}</dt>
            <dd>{companyDateTime(call.start, lang)}</dd>
          </dl>
          <p>{t("panel.calls.moveLead", { name: call.name })}</p>
          {days.length ? (
            <ActionForm context={context} action={`${callsPath}/${call.id}/move`} className="slots">
              {days.map((day) => (
                <fieldset key={day.date}>
                  <legend>{dayName.format(day.slots[0]?.start ?? 0)}</legend>
                  {day.slots.map((slot) => (
                    <label key={slot.start} className="slot">
                      <input type="radio" name="slot" value={slot.start} required />{" "}
                      {hour.format(slot.start)}
                    </label>
                  ))}
                </fieldset>
              ))}
              <button type="submit">{t("panel.calls.moveConfirm")}</button>
            </ActionForm>
          ) : (
            <p>{t("panel.calls.noSlots")}</p>
          )}
          <p>
            <a href={callsPath}>{t("panel.back")}</a>
          </p>
        </>,
      ),
    );
  }

  router.get("/calls/:id/move", (req, res) => movePage(req, res));
  router.post("/calls/:id/move", async (req, res) => {
    const { session, context } = localsOf(res);
    const call = await callOf(req);
    if (!call) return notFound(res);
    const slot = String((req.body as { slot?: unknown }).slot ?? "");
    const start = /^\d{1,15}$/.test(slot) ? Number(slot) : Number.NaN;
    const moved = Number.isNaN(start)
      ? { reason: "taken" as const }
      : await booking.moveByOwner(call.id, start);
    if ("reason" in moved) {
      // The owner's move has no limit of changes; the rest say why in a few words.
      const reason =
        moved.reason === "taken" || moved.reason === "rateLimited" ? moved.reason : "other";
      return movePage(req, res, context.t(`panel.calls.moveFailed.${reason}`));
    }
    await auth.audit(
      session?.email ?? null,
      "move-call",
      // The new time as a number: the log shows it in the reader's words (app/panel/audit-words.ts).
      `${call.id} ${moved.start}`,
    );
    res.redirect(303, `${callsPath}?done=moved`);
  });
}
