// The invitations of a booked call: one e-mail to the visitor and one to the company, each
// with an iCalendar invitation (made by ical-generator) that Google, Outlook and Apple
// calendars add: METHOD:REQUEST for a new or moved call (a higher SEQUENCE each time), and
// METHOD:CANCEL when it is cancelled. In the visitor's language.
import type { SendMailOptions } from "nodemailer";
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { siteConfig, type Language } from "#app/config/site.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { whenLabel } from "#app/booking/format.ts";

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

/** The two e-mails (visitor, company) of one change of a booking, as the outbox sends them. */
export function invitationMails(
  booking: BookingRecord,
  kind: InvitationKind,
  options: InvitationOptions,
): { recipient: string; name: string; mail: SendMailOptions }[] {
  const { t } = createI18n(booking.lang, catalogue(booking.lang));
  const when = whenLabel(booking.start, booking.lang, options.timeZone);
  const summary = t("booking.mail.summary", { name: booking.name });
  const location = options.location;
  const calendar = ical({
    prodId: { company: siteConfig.name, product: "booking", language: booking.lang.toUpperCase() },
    method: kind === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const description = [
    t("booking.mail.topic"),
    booking.topic,
    "",
    ...(location ? [t("booking.mail.where", { location }), ""] : []),
    t("booking.mail.manage", { url: options.manageUrl }),
  ].join("\n");
  calendar.createEvent({
    id: `booking-${booking.id}-${booking.createdAt}@${new URL(siteConfig.siteUrl).hostname}`,
    sequence: booking.sequence,
    start: new Date(booking.start),
    end: new Date(booking.end),
    stamp: new Date(),
    summary,
    description,
    ...(location ? { location } : {}),
    ...(location && isUrl(location) ? { url: location } : {}),
    status: kind === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: siteConfig.name, email: options.companyEmail },
    attendees: [
      {
        name: booking.name,
        email: booking.email,
        role: ICalAttendeeRole.REQ,
        status: kind === "cancel" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  const subject = t(`booking.mail.subject.${kind}`, { when });
  const text = [
    t(`booking.mail.intro.${kind}`, { name: booking.name, when }),
    "",
    ...(kind === "cancel"
      ? []
      : [
          ...(location ? [t("booking.mail.where", { location })] : []),
          t("booking.mail.who", {
            name: booking.name,
            address: booking.email,
            company: booking.company ?? "—",
          }),
          "",
          t("booking.mail.topic"),
          booking.topic,
          "",
          t("booking.mail.manage", { url: options.manageUrl }),
        ]),
    "",
    "--",
    siteConfig.name,
  ].join("\n");
  const icalEvent = {
    method: kind === "cancel" ? "CANCEL" : "REQUEST",
    filename: kind === "cancel" ? "cancel.ics" : "invite.ics",
    content: calendar.toString(),
  };
  const host = new URL(siteConfig.siteUrl).hostname;
  const base = {
    from: options.from,
    subject,
    text,
    icalEvent,
    headers: { "Auto-Submitted": "auto-generated" },
  };
  const id = (to: string) => `<booking-${booking.id}-${booking.sequence}-${kind}-${to}@${host}>`;
  return [
    {
      recipient: booking.email,
      name: booking.name,
      mail: {
        ...base,
        to: { name: booking.name, address: booking.email },
        replyTo: options.companyEmail,
        messageId: id("visitor"),
      },
    },
    {
      recipient: options.companyEmail,
      name: booking.name,
      mail: {
        ...base,
        to: options.companyEmail,
        replyTo: { name: booking.name, address: booking.email },
        messageId: id("company"),
      },
    },
  ];
}
