// The booking system of one server process: the company's calendar read on a schedule, the
// free slots, the booking form's submissions, and the signed links that cancel or move a call.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createContext } from "react-router";
import bookingRules from "#content/booking.json" with { type: "json" };
import type { BookingSettings } from "#app/config/settings.server.ts";
import type { Language } from "#app/config/site.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { BookingRules } from "#app/content/schema.ts";
import type { Database } from "#app/database/database.server.ts";
import type { createRateLimiter, RateLimitDecision } from "#app/contact/rate-limit.server.ts";
import { parseFields, readBody, single, type Fields } from "#app/contact/submit.server.ts";
import { freeDays, horizon, type Day, type Interval } from "#app/booking/availability.ts";
import { createCalendar } from "#app/booking/calendar.server.ts";
import { knownZone } from "#app/booking/format.ts";
import { mailboxOf } from "#app/booking/mailbox.ts";
import {
  bookingFields,
  bookingStatusCodes,
  validateBooking,
  type BookingFailure,
  type BookingField,
  type BookingResult,
} from "#app/booking/form.ts";
import {
  confirmationMail,
  heldNotice,
  holdCapNotice,
  invitationMails,
  type BookingRecord,
  type InvitationKind,
} from "#app/booking/invitation.server.ts";
import { bookingStore } from "#app/booking/store.server.ts";
import { bookingManagePath, bookingPath } from "#app/routing/paths.ts";

const rules = bookingRules as BookingRules;

/** The free slots, or `stale` when the calendar could not be read lately. */
export type Availability = { stale: false; days: Day[] } | { stale: true };

export type BookingAnswer = {
  status: number;
  result: BookingResult;
  headers?: Record<string, string>;
};

/** How many free slots a visitor who lost a race is offered instead. */
const alternativesShown = 3;

/**
 * Held bookings take at most this share of the slots (free and held): a probe held 146 of 156
 * slots with 156 posts from as many IPv6 networks. Past it, a new hold takes the place of the
 * oldest (store.server.ts), so three quarters stay offered, and whoever books after a burst
 * still gets a slot to confirm.
 */
const holdShare = 1 / 4;

/** Held bookings a day from one network (an IPv4 address or an IPv6 /64); past it, refused. */
const holdsPerNetworkPerDay = 3;

const failure = (
  reason: BookingFailure,
  extra: Omit<Extract<BookingResult, { status: "failed" }>, "status" | "reason"> = {},
  headers?: Record<string, string>,
): BookingAnswer => ({
  status: bookingStatusCodes[reason],
  result: { status: "failed", reason, ...extra },
  ...(headers ? { headers } : {}),
});

export async function startBookingService(
  settings: BookingSettings,
  {
    database,
    siteUrl,
    from,
    companyEmail,
    consume,
    budget,
    deliver,
    onBooked,
    log,
  }: {
    database: Database;
    /** The public origin, for the links in the invitations. */
    siteUrl: string;
    from: string;
    companyEmail: string;
    /** Counts one submission of the client against the contact form's rate limit. */
    consume: (clientKey: string) => Promise<RateLimitDecision>;
    /** A count of its own in the rate limit's table (the e-mails to each visitor address). */
    budget: (options: {
      scope: string;
      max: number;
      windowMs: number;
    }) => ReturnType<typeof createRateLimiter>;
    /** Asks the outbox to send what was queued. */
    deliver: () => void;
    /** A call was booked (the visit counts count it as a conversion). */
    onBooked: (lang: Language) => void;
    log: Logger;
  },
) {
  // The test clock: starts at BOOKING_NOW and runs on from there.
  const offset = settings.BOOKING_NOW ? Date.parse(settings.BOOKING_NOW) - Date.now() : 0;
  const now = () => Date.now() + offset;
  const store = bookingStore(database);
  const dayMs = 24 * 3600 * 1000;
  // Every e-mail to a visitor address counts here, whoever asked for it and from wherever:
  // one budget per address and day. The company's copies go under the outbox's hourly cap.
  const mailsToAddress = budget({
    scope: "mail-to:",
    max: settings.BOOKING_MAIL_PER_ADDRESS_PER_DAY,
    windowMs: dayMs,
  });
  // Bookings made at once, per network and on the whole site; past either, held (see book).
  const directPerNetwork = budget({
    scope: "booking-network:",
    max: settings.BOOKING_DIRECT_PER_NETWORK_PER_DAY,
    windowMs: dayMs,
  });
  const directPerDay = budget({
    scope: "booking-day:",
    max: settings.BOOKING_DIRECT_PER_DAY,
    windowMs: dayMs,
  });
  const heldNoticeSent = budget({ scope: "booking-held-notice:", max: 1, windowMs: dayMs });
  // Held bookings, per network and on the whole site (see book).
  const heldPerNetwork = budget({
    scope: "booking-held-network:",
    max: holdsPerNetworkPerDay,
    windowMs: dayMs,
  });
  const holdCapNoticeSent = budget({ scope: "booking-hold-cap-notice:", max: 1, windowMs: dayMs });
  const holdMs = settings.BOOKING_HOLD_MINUTES * 60_000;
  /** Counts one e-mail to `address`; false when its day's budget is spent. */
  const mayMail = async (address: string) =>
    (await mailsToAddress.consume(mailboxOf(address))).allowed;
  const secret = settings.BOOKING_SECRET ?? (await sharedSecret(database, "booking-links"));

  const calendar = createCalendar({
    urls: settings.BOOKING_CALENDAR_URL,
    refreshMs: settings.BOOKING_CALENDAR_REFRESH_SECONDS * 1000,
    timeoutMs: settings.BOOKING_CALENDAR_TIMEOUT_SECONDS * 1000,
    maxBytes: settings.BOOKING_CALENDAR_MAX_BYTES,
    maxAgeMs: settings.BOOKING_CALENDAR_MAX_AGE_SECONDS * 1000,
    range: () => horizon(rules, now()),
    now,
    log,
  });
  if (settings.BOOKING_CALENDAR_URL.length === 0) {
    log.warn("BOOKING_CALENDAR_URL is not set: the booking page offers no slot");
  }
  await calendar.start();

  const signature = (id: number) =>
    createHmac("sha256", secret).update(`booking:${id}`).digest("base64url").slice(0, 32);
  const tokenOf = (id: number) => `${id}.${signature(id)}`;
  /**
   * The booking id a link's token names, if its signature is right. One spelling per id: the
   * signature is of the number, so `00001.<mac>` must not be another key to booking 1.
   */
  function idOf(token: string | null | undefined): number | undefined {
    const [, digits, mac] = /^([1-9]\d{0,11})\.([\w-]{32})$/.exec(token ?? "") ?? [];
    if (digits === undefined || mac === undefined) return undefined;
    const id = Number(digits);
    const expected = Buffer.from(signature(id));
    const given = Buffer.from(mac);
    return timingSafeEqual(expected, given) ? id : undefined;
  }
  /**
   * The booking a link names while the link is good: until the call has ended (a link is a key
   * that travels in mailboxes; once the call is over there is nothing left to change), and for
   * a held booking while its hold lasts.
   */
  async function linked(token: string | null | undefined) {
    const id = idOf(token);
    const booking = id === undefined ? undefined : await store.find(id);
    if (!booking || booking.end <= now()) return undefined;
    return booking.heldUntil === null || booking.heldUntil > now() ? booking : undefined;
  }
  const manageUrl = (booking: BookingRecord) =>
    `${siteUrl}${bookingManagePath(booking.lang)}?t=${tokenOf(booking.id)}`;

  async function availability(): Promise<Availability> {
    const busy = calendar.busy();
    if (!busy) return { stale: true };
    const at = now();
    const booked = await store.booked(at);
    return { stale: false, days: freeDays(rules, [...busy, ...booked], at) };
  }

  /** The offered slot starting at `start`, if it is free now. */
  const offered = (days: Day[], start: number) =>
    days.flatMap((day) => day.slots).find((slot) => slot.start === start);

  /** The next free slots from `start` on (or the first ones). */
  async function alternatives(start: number): Promise<Interval[]> {
    const current = await availability();
    if (current.stale) return [];
    const slots = current.days.flatMap((day) => day.slots);
    const later = slots.filter((slot) => slot.start > start);
    return (later.length ? later : slots).slice(0, alternativesShown);
  }

  const mailsFor = (kind: InvitationKind, timeZone?: string) => (booking: BookingRecord) =>
    invitationMails(booking, kind, {
      from,
      companyEmail,
      location: settings.BOOKING_LOCATION,
      manageUrl: manageUrl(booking),
      timeZone,
    });

  /** Reads a form post: its fields, or the answer for a body that cannot be read. */
  async function fieldsOf(request: Request): Promise<Fields | BookingAnswer> {
    const body = await readBody(request);
    if (body === null) return failure("tooLarge");
    const fields = await parseFields(request, body);
    if (fields === "unsupported") return failure("unsupported");
    return fields;
  }
  const isAnswer = (read: Fields | BookingAnswer): read is BookingAnswer =>
    typeof read.status === "number";

  /** The slot a form names, as long as a call lasts. */
  const asked = (start: number): Interval => ({
    start,
    end: start + rules.meetingMinutes * 60_000,
  });

  const slotOf = (value: string | undefined) =>
    value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;

  type StoredBooking = NonNullable<Awaited<ReturnType<typeof store.find>>>;

  /**
   * Cancels a booked call and tells the visitor (and the company's calendar), as the visitor's
   * own cancellation does; undefined if it was not booked any more.
   */
  async function cancelCall(booking: StoredBooking) {
    // A held booking was never announced: its cancellation is not either.
    const announced = booking.heldUntil === null;
    const visitorMailed = announced && (await mayMail(booking.email));
    const cancelled = await store.cancel(
      booking.id,
      (record) =>
        announced
          ? mailsFor("cancel")(record).filter(
              (mail) => visitorMailed || mail.recipient !== record.email,
            )
          : [],
      Date.now(),
    );
    if (!cancelled) return undefined;
    log.info({ bookingId: booking.id, visitorMailed }, "call cancelled");
    deliver();
    return cancelled;
  }

  /**
   * Moves a confirmed call to a free slot and sends the updated invitation: the moved booking,
   * or why not (with the next free slots when that one was taken). `maxMoves`: the visitor's
   * limit of changes (the owner has none).
   */
  async function moveCall(
    booking: StoredBooking,
    start: number,
    maxMoves: number,
    timeZone?: string,
  ): Promise<BookingRecord | { reason: BookingFailure; alternatives?: Interval[] }> {
    // A held booking is confirmed or cancelled, not moved.
    if (booking.heldUntil !== null && booking.heldUntil !== undefined)
      return { reason: "forbidden" };
    if (booking.sequence >= maxMoves) return { reason: "tooManyChanges" };
    const current = await availability();
    if (current.stale) return { reason: "stale" };
    const slot = offered(current.days, start);
    if (!slot) return { reason: "taken", alternatives: await alternatives(start) };
    if (!(await mayMail(booking.email))) {
      log.warn(
        { bookingId: booking.id },
        "move refused: the e-mail budget of its address is spent",
      );
      return { reason: "rateLimited" };
    }
    const moved = await store.move(
      booking.id,
      slot,
      { maxMoves, now: now() },
      mailsFor("update", timeZone),
      Date.now(),
    );
    if (moved === "taken") return { reason: "taken", alternatives: await alternatives(start) };
    if (moved === "exhausted") return { reason: "tooManyChanges" };
    if (!moved) return { reason: "forbidden" };
    log.info({ bookingId: booking.id, start: new Date(moved.start).toISOString() }, "call moved");
    deliver();
    return moved;
  }

  /** A booked call the owner may still change: booked, not over. */
  async function changeable(id: number) {
    const booking = await store.find(id);
    return booking?.status === "booked" && booking.end > now() ? booking : undefined;
  }

  return {
    availability,
    /** Every booking, latest call first (the owner's panel). */
    list: () => store.list(),
    /** The owner cancels a call (the panel): the visitor is told as when they cancel. */
    async cancelByOwner(id: number) {
      const booking = await changeable(id);
      return booking ? (await cancelCall(booking)) !== undefined : false;
    },
    /** The owner moves a call to a free slot (the panel), with no limit of changes. */
    async moveByOwner(id: number, start: number) {
      const booking = await changeable(id);
      if (!booking) return { reason: "forbidden" as const };
      // No limit for the owner; the largest count PostgreSQL's integer compares with.
      return moveCall(booking, start, 2 ** 31 - 1);
    },
    /** The booking a signed link names, or undefined for a wrong or tampered link. */
    async find(token: string | null) {
      const booking = await linked(token);
      return booking ? { ...booking, lang: booking.lang as Language } : undefined;
    },
    /** One submission of the booking form: the visitor's details and the slot. */
    async book(
      request: Request,
      { clientKey, lang }: { clientKey: string; lang: Language },
    ): Promise<BookingAnswer> {
      const fields = await fieldsOf(request);
      if (isAnswer(fields)) return fields;
      const raw = Object.fromEntries(
        bookingFields.map((field) => [field, single(fields, field)]),
      ) as Record<BookingField, string | undefined>;
      const values = Object.fromEntries(
        bookingFields.map((field) => [field, raw[field] ?? ""]),
      ) as Record<BookingField, string>;
      const start = slotOf(single(fields, "slot"));
      const validation = validateBooking(raw);
      if (!validation.ok || start === undefined) {
        return failure("invalid", {
          fieldErrors: validation.ok ? {} : validation.fieldErrors,
          values,
          ...(start === undefined ? {} : { slot: asked(start) }),
        });
      }
      const slotAsked = { values, slot: asked(start) };
      let limit: RateLimitDecision;
      try {
        limit = await consume(clientKey);
      } catch (error) {
        log.error({ err: error }, "could not count a booking (rate limit)");
        return failure("unavailable", slotAsked);
      }
      if (!limit.allowed) return failure("rateLimited", slotAsked, limit.headers);
      const honeypot = fields["website"]?.some((v) => v.trim()) ?? false;
      try {
        const current = await availability();
        if (current.stale) return failure("stale", slotAsked, limit.headers);
        const slot = offered(current.days, start);
        if (!slot) {
          return failure(
            "taken",
            { values, alternatives: await alternatives(start) },
            limit.headers,
          );
        }
        if (honeypot) {
          // Answered like a person, and nothing kept: a bot must not block the slot.
          log.info("booking refused silently: the honeypot was filled");
          const manage = `${bookingPath(lang)}?booked=1`;
          return {
            status: 200,
            result: { status: "booked", ...slot, manage },
            headers: limit.headers,
          };
        }
        if (!(await mayMail(validation.values.email))) {
          log.warn("booking refused: the e-mail budget of its address is spent for today");
          return failure("rateLimited", slotAsked, limit.headers);
        }
        // Past the day's budgets (this network's, the site's), held until the visitor confirms
        // it from the e-mail: a burst from many networks cannot take every slot.
        // The site's count is of the bookings made at once: one held by its network's is not.
        const held =
          !(await directPerNetwork.consume(clientKey)).allowed ||
          !(await directPerDay.consume("site")).allowed;
        if (held && !(await heldPerNetwork.consume(clientKey)).allowed) {
          log.warn("booking refused: its network's held bookings for today are spent");
          return failure("rateLimited", slotAsked, limit.headers);
        }
        const at = now();
        // The cap of held bookings: a share of what is offered now plus what is held.
        const holding = held ? await store.holding(at) : 0;
        const free = current.days.reduce((sum, day) => sum + day.slots.length, 0);
        const maxHolds = Math.max(1, Math.floor((free + holding) * holdShare));
        const capHit = held && holding >= maxHolds;
        if (capHit)
          log.warn({ maxHolds }, "held bookings at their cap: the oldest hold is released");
        const notice = [
          ...(held && (await heldNoticeSent.consume("site")).allowed
            ? [
                heldNotice({
                  from,
                  companyEmail,
                  perDay: settings.BOOKING_DIRECT_PER_DAY,
                  perNetwork: settings.BOOKING_DIRECT_PER_NETWORK_PER_DAY,
                  minutes: settings.BOOKING_HOLD_MINUTES,
                  now: at,
                }),
              ]
            : []),
          ...(capHit && (await holdCapNoticeSent.consume("site")).allowed
            ? [holdCapNotice({ from, companyEmail, maxHolds, now: at })]
            : []),
        ];
        const timeZone = knownZone(single(fields, "tz"));
        const stored = await store.book(
          {
            createdAt: at,
            lang,
            name: validation.values.name,
            email: validation.values.email,
            company: validation.values.company || null,
            topic: validation.values.topic,
            start: slot.start,
            end: slot.end,
            heldUntil: held ? at + holdMs : null,
          },
          held
            ? (booking) => [
                confirmationMail(booking, {
                  from,
                  companyEmail,
                  manageUrl: manageUrl(booking),
                  timeZone,
                  minutes: settings.BOOKING_HOLD_MINUTES,
                }),
                ...notice,
              ]
            : mailsFor("request", timeZone),
          Date.now(),
          held ? { maxHolds } : {},
        );
        if (stored === "taken") {
          return failure(
            "taken",
            { values, alternatives: await alternatives(start) },
            limit.headers,
          );
        }
        log.info(
          { bookingId: stored.id, start: new Date(stored.start).toISOString(), held },
          held ? "call held until the visitor confirms it" : "call booked",
        );
        deliver();
        if (held) {
          // No link in the answer: only the e-mail's confirms, so only the address's owner can.
          const manage = `${bookingPath(lang)}?held=1`;
          return {
            status: 200,
            result: { status: "held", start: stored.start, end: stored.end, manage },
            headers: limit.headers,
          };
        }
        onBooked(lang);
        return {
          status: 200,
          result: {
            status: "booked",
            start: stored.start,
            end: stored.end,
            manage: `${bookingManagePath(lang)}?t=${tokenOf(stored.id)}&booked=1`,
          },
          headers: limit.headers,
        };
      } catch (error) {
        log.error({ err: error }, "could not store a booking");
        return failure("unavailable", slotAsked, limit.headers);
      }
    },
    /**
     * A form post of a call's signed link: cancels it (`intent=cancel`), or moves it to the
     * free slot it names, answered like a booking: "booked" at the new time, or why not (the
     * next free slots when it was taken). A wrong, tampered or expired link is refused
     * (forbidden).
     * Each post counts against the client's rate limit like a booking; a call is moved at most
     * BOOKING_MOVES_PER_CALL times, and each e-mail to the visitor against their address's
     * budget: past it a move is refused, a cancellation done without the visitor's e-mail.
     */
    async manage(request: Request, { clientKey }: { clientKey: string }): Promise<BookingAnswer> {
      const fields = await fieldsOf(request);
      if (isAnswer(fields)) return fields;
      const booking = await linked(single(fields, "t"));
      if (booking?.status !== "booked") return failure("forbidden");
      const { id } = booking;
      let limit: RateLimitDecision;
      try {
        limit = await consume(clientKey);
      } catch (error) {
        log.error({ err: error }, "could not count a change of a booking (rate limit)");
        return failure("unavailable");
      }
      const { headers } = limit;
      if (!limit.allowed) return failure("rateLimited", {}, headers);
      // A database that fails mid-way (busy, PostgreSQL down) is answered as a booking is:
      // "try again", never a bare 500.
      try {
        const intent = single(fields, "intent");
        if (intent === "confirm") {
          const booked = (record: Pick<BookingRecord, "lang" | "start" | "end">) => ({
            status: 200,
            result: {
              status: "booked" as const,
              start: record.start,
              end: record.end,
              manage: `${bookingManagePath(record.lang as Language)}?t=${tokenOf(id)}&booked=1`,
            },
            headers,
          });
          // Confirmed already (a second click): the same answer, nothing sent twice.
          if (booking.heldUntil === null) return booked(booking);
          const visitorMailed = await mayMail(booking.email);
          const confirmed = await store.confirm(
            id,
            now(),
            (record) =>
              mailsFor(
                "request",
                knownZone(single(fields, "tz")),
              )(record).filter((mail) => visitorMailed || mail.recipient !== record.email),
            Date.now(),
          );
          if (!confirmed) {
            // Confirmed meanwhile by another click: the same answer as the first.
            const again = await linked(single(fields, "t"));
            if (again?.status === "booked" && again.heldUntil === null) return booked(again);
            return failure("forbidden", {}, headers);
          }
          log.info({ bookingId: id }, "held call confirmed");
          deliver();
          onBooked(confirmed.lang as Language);
          return booked(confirmed);
        }
        if (intent === "cancel") {
          const cancelled = await cancelCall(booking);
          if (!cancelled) return failure("forbidden", {}, headers);
          const manage = `${bookingManagePath(cancelled.lang as Language)}?t=${tokenOf(id)}&cancelled=1`;
          return { status: 200, result: { status: "cancelled", manage }, headers };
        }
        const start = slotOf(single(fields, "slot"));
        if (start === undefined) return failure("forbidden", {}, headers);
        const moved = await moveCall(
          booking,
          start,
          settings.BOOKING_MOVES_PER_CALL,
          knownZone(single(fields, "tz")),
        );
        if ("reason" in moved) {
          const { reason, ...extra } = moved;
          return failure(reason, extra, headers);
        }
        return {
          status: 200,
          result: {
            status: "booked",
            start: moved.start,
            end: moved.end,
            manage: `${bookingManagePath(moved.lang as Language)}?t=${tokenOf(id)}&moved=1`,
          },
          headers,
        };
      } catch (error) {
        log.error({ err: error, bookingId: id }, "could not change a booking");
        return failure("unavailable", {}, headers);
      }
    },
    /** Deletes bookings past the contact messages' retention. */
    purgeOlderThan: (cutoff: number) => store.purgeOlderThan(cutoff),
    /** The booking clock (BOOKING_NOW in tests). */
    now,
    /** How long a held booking waits for the visitor's confirmation. */
    holdMinutes: settings.BOOKING_HOLD_MINUTES,
    health: () => calendar.health(),
    stop: () => calendar.stop(),
  };
}

/** A random key kept in the database's secrets, the same for every server on it. */
async function sharedSecret({ db }: Database, name: string): Promise<string> {
  await db
    .insertInto("secrets")
    .values({ name, value: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const { value } = await db
    .selectFrom("secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return value;
}

export type BookingService = Awaited<ReturnType<typeof startBookingService>>;

/** What each request of the booking pages can use. */
export const bookingContext = createContext<{ booking: BookingService; clientKey: string }>();
