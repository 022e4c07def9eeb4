// The invitations of a booked call: one e-mail to the visitor and one to the company, each
// with an iCalendar invitation (made by ical-generator) that Google, Outlook and Apple
// calendars add: METHOD:REQUEST for a new or moved call (a higher SEQUENCE each time), and
// METHOD:CANCEL when it is cancelled.
import type { SendMailOptions } from "nodemailer";
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { siteConfig, type Language } from "#app/config/site.ts";
import { defaultLanguage } from "#app/routing/paths.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { whenLabel } from "#app/booking/format.ts";
import { printableHeader, printableLine, printableText } from "#app/text/printable.ts";

export type BookingRecord = {
  id: number;
  createdAt: number;
  lang: Language;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  start: number;
  end: number;
  sequence: number;
  /** Held until the visitor confirms it from the e-mail; null (or absent): confirmed. */
  heldUntil?: number | null;
};

export type InvitationOptions = {
  /** CONTACT_FROM: the sender of every e-mail of the site. */
  from: string;
  /** CONTACT_TO: the company's address, the meeting's organizer. */
  companyEmail: string;
  /** BOOKING_LOCATION: a video-call link or an address. */
  location: string | undefined;
  /** The page where the visitor cancels or moves the call (signed). */
  manageUrl: string;
  /** The visitor's time zone, when the page's script told it; else the company's. */
  timeZone?: string | undefined;
};

export type InvitationKind = "request" | "update" | "cancel";

const isUrl = (text: string) => /^https?:\/\//.test(text);

/**
 * The two e-mails (visitor, company) of one change of a booking, as the outbox sends them.
 * Each reader gets their own: the visitor's greets them, on their clock, with the signed link
 * to cancel or move; the company's (in Spanish, the owner's language, on the company's clock)
 * says who booked and never carries the visitor's link, which would let whoever reads the
 * owner's mail change the visitor's call. The visitor's never shows the name that was typed
 * (not in `To:`, the greeting, the invitation): whoever books may type a stranger's address,
 * and the name would be their message to that stranger ("Claim your prize at …").
 */
export function invitationMails(
  booking: BookingRecord,
  kind: InvitationKind,
  options: InvitationOptions,
): { recipient: string; name: string; mail: SendMailOptions }[] {
  const host = new URL(siteConfig.siteUrl).hostname;
  const location = options.location;
  // What the visitor typed, printable, with no encoded word in a header (app/text/printable.ts).
  const name = printableHeader(booking.name);
  const company = booking.company === null ? "—" : printableLine(booking.company);
  const topic = printableText(booking.topic);
  const id = (to: string) => `<booking-${booking.id}-${booking.sequence}-${kind}-${to}@${host}>`;

  /** The e-mail of one reader: their language, clock, greeting and calendar description. */
  function compose(reader: "visitor" | "company") {
    const visitor = reader === "visitor";
    const lang = visitor ? booking.lang : defaultLanguage;
    const { t } = createI18n(lang, catalogue(lang));
    const when = whenLabel(booking.start, lang, visitor ? options.timeZone : undefined);
    const manage = visitor ? [t("booking.mail.manage", { url: options.manageUrl })] : [];
    const calendar = ical({
      prodId: { company: siteConfig.name, product: "booking", language: lang.toUpperCase() },
      method: kind === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    });
    const description = [
      t("booking.mail.topic"),
      topic,
      ...(location ? ["", t("booking.mail.where", { location })] : []),
      ...(manage.length ? ["", ...manage] : []),
    ].join("\n");
    calendar.createEvent({
      id: `booking-${booking.id}-${booking.createdAt}@${host}`,
      sequence: booking.sequence,
      start: new Date(booking.start),
      end: new Date(booking.end),
      stamp: new Date(),
      summary: visitor ? t("booking.manage.title") : t("booking.mail.summary", { name }),
      description,
      ...(location ? { location } : {}),
      ...(location && isUrl(location) ? { url: location } : {}),
      status: kind === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: siteConfig.name, email: options.companyEmail },
      attendees: [
        {
          ...(visitor ? {} : { name }),
          email: booking.email,
          role: ICalAttendeeRole.REQ,
          status: kind === "cancel" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          rsvp: false,
        },
      ],
    });
    const intro = visitor
      ? t(`booking.mail.intro.${kind}`, { when })
      : t(`booking.mail.owner.intro.${kind}`, { name, when });
    const text = [
      intro,
      "",
      ...(kind === "cancel" && visitor
        ? []
        : [
            ...(location ? [t("booking.mail.where", { location })] : []),
            ...(visitor ? [] : [t("booking.mail.who", { name, address: booking.email, company })]),
            "",
            t("booking.mail.topic"),
            topic,
            ...(manage.length ? ["", ...manage] : []),
          ]),
      "",
      "--",
      siteConfig.name,
    ].join("\n");
    return {
      from: options.from,
      subject: visitor
        ? t(`booking.mail.subject.${kind}`, { when })
        : t(`booking.mail.owner.subject.${kind}`, { name, when }),
      text,
      icalEvent: {
        method: kind === "cancel" ? "CANCEL" : "REQUEST",
        filename: kind === "cancel" ? "cancel.ics" : "invite.ics",
        content: calendar.toString(),
      },
      headers: { "Auto-Submitted": "auto-generated" },
      messageId: id(reader),
    };
  }

  return [
    {
      recipient: booking.email,
      name,
      mail: {
        ...compose("visitor"),
        to: booking.email,
        replyTo: options.companyEmail,
      },
    },
    {
      recipient: options.companyEmail,
      name,
      mail: {
        ...compose("company"),
        to: options.companyEmail,
        replyTo: { name, address: booking.email },
      },
    },
  ];
}

/**
 * The e-mail that asks a visitor to confirm a held booking (booked past the day's budgets):
 * no invitation yet, only the link to the call's page, where a button confirms it. Whoever did
 * not ask for it does nothing, and the slot is free again when the hold ends. Without the name
 * that was typed, as the invitations (above).
 */
export function confirmationMail(
  booking: BookingRecord,
  options: Pick<InvitationOptions, "from" | "companyEmail" | "manageUrl" | "timeZone"> & {
    minutes: number;
  },
): { recipient: string; name: string; mail: SendMailOptions } {
  const { t } = createI18n(booking.lang, catalogue(booking.lang));
  const name = printableHeader(booking.name);
  const when = whenLabel(booking.start, booking.lang, options.timeZone);
  const host = new URL(siteConfig.siteUrl).hostname;
  return {
    recipient: booking.email,
    name,
    mail: {
      from: options.from,
      to: booking.email,
      replyTo: options.companyEmail,
      subject: t("booking.mail.confirm.subject", { when }),
      text: [
        t("booking.mail.confirm.text", { when, minutes: options.minutes }),
        "",
        options.manageUrl,
        "",
        t("booking.mail.confirm.ignore"),
        "",
        "--",
        siteConfig.name,
      ].join("\n"),
      headers: { "Auto-Submitted": "auto-generated" },
      messageId: `<booking-${booking.id}-confirm@${host}>`,
    },
  };
}

/**
 * One of the owner's notices about the bookings (in Spanish, the owner's language): a text, and
 * where to look on the server.
 */
function ownerNotice(
  options: { from: string; companyEmail: string; now: number },
  kind: "held" | "holdCap",
  values: Record<string, number>,
): { recipient: string; name: string; mail: SendMailOptions } {
  const { t } = createI18n(defaultLanguage, catalogue(defaultLanguage));
  const host = new URL(siteConfig.siteUrl).hostname;
  return {
    recipient: options.companyEmail,
    name: siteConfig.name,
    mail: {
      from: options.from,
      to: options.companyEmail,
      subject: t(`booking.mail.owner.${kind}.subject`),
      text: [
        t(`booking.mail.owner.${kind}.text`, values),
        "",
        "  npm run inbox -- bookings",
        "",
        "--",
        siteConfig.name,
      ].join("\n"),
      headers: { "Auto-Submitted": "auto-generated" },
      messageId: `<booking-${kind === "held" ? "held" : "hold-cap"}-${options.now}@${host}>`,
    },
  };
}

/** The owner's one notice a day that bookings are being held for confirmation. */
export const heldNotice = (options: {
  from: string;
  companyEmail: string;
  perDay: number;
  perNetwork: number;
  minutes: number;
  now: number;
}) =>
  ownerNotice(options, "held", {
    perDay: options.perDay,
    perNetwork: options.perNetwork,
    minutes: options.minutes,
  });

/**
 * The owner's one notice a day that held bookings reached their cap (a share of the slots), a
 * sign of a burst of bookings nobody confirms.
 */
export const holdCapNotice = (options: {
  from: string;
  companyEmail: string;
  maxHolds: number;
  now: number;
}) => ownerNotice(options, "holdCap", { max: options.maxHolds });
