import ical from "node-ical";
import { describe, expect, it } from "vitest";
import {
  confirmationMail,
  invitationMails,
  type BookingRecord,
} from "#app/booking/invitation.server.ts";

const booking: BookingRecord = {
  id: 7,
  createdAt: Date.parse("2027-03-24T11:00:00Z"),
  lang: "ca",
  name: "Núria Ferrer",
  email: "nuria@example.cat",
  company: "Ferrer SL",
  topic: "Automatitzar la facturació",
  start: Date.parse("2027-03-29T07:00:00Z"),
  end: Date.parse("2027-03-29T07:30:00Z"),
  sequence: 0,
};
const options = {
  from: "Web <web@example.com>",
  companyEmail: "owner@example.com",
  location: "https://meet.example.com/isla",
  manageUrl: "https://www.example.com/ca/book/manage?t=7.abc",
};

/** The invitation of one e-mail, read by a second iCalendar library. */
function read(mail: ReturnType<typeof invitationMails>[number]["mail"]) {
  const { method, content } = mail.icalEvent as { method: string; content: string };
  const event = Object.values(ical.sync.parseICS(content)).find((item) => item?.type === "VEVENT");
  if (event?.type !== "VEVENT") throw new Error("no VEVENT");
  return { method, content, event };
}

/** An invitation (REQUEST) for the booked call: its instant, place, organiser and guest. */
function expectRequestAtTheCall(mail: Parameters<typeof read>[0]) {
  const { method, content, event } = read(mail);
  expect(method).toBe("REQUEST");
  expect(content).toMatch(/^METHOD:REQUEST/m);
  expect((event.start as Date).toISOString()).toBe("2027-03-29T07:00:00.000Z");
  expect((event.end as Date).toISOString()).toBe("2027-03-29T07:30:00.000Z");
  expect(String(event.location)).toBe(options.location);
  expect(JSON.stringify(event.organizer)).toContain("owner@example.com");
  expect(JSON.stringify(event.attendee)).toContain("nuria@example.cat");
}

describe("the invitations of a booked call", () => {
  it("go to the visitor and the company, each at the call's instant", () => {
    const mails = invitationMails(booking, "request", options);
    expect(mails.map((mail) => mail.recipient)).toEqual(["nuria@example.cat", "owner@example.com"]);
    for (const { mail } of mails) expectRequestAtTheCall(mail);
  });

  it("greet the visitor in their language, with the link to cancel or move", () => {
    const [visitor] = invitationMails(booking, "request", options);
    const { mail } = visitor!;
    expectRequestAtTheCall(mail);
    // Catalan, on Madrid's clock (summer time), with the zone named.
    expect(mail.subject).toContain("Trucada amb");
    expect(mail.text).toMatch(/dilluns, 29 de març del? 2027.*9:00 \(hora d.estiu/i);
    expect(mail.text).toContain(options.manageUrl);
    expect(read(mail).content).toContain("t=7.abc");
  });

  it("tell the company in Spanish who booked, without greeting the visitor or their link", () => {
    for (const kind of ["request", "update", "cancel"] as const) {
      const [, company] = invitationMails({ ...booking, sequence: 1 }, kind, {
        ...options,
        timeZone: "America/New_York",
      });
      const { mail } = company!;
      expect(mail.subject).toContain("Núria Ferrer");
      expect(mail.text).not.toMatch(/Hola|Hello|Hallo/);
      expect(mail.text).toMatch(/^Núria Ferrer ha (reservado|cambiado|cancelado)/);
      // On the company's clock, named in Spanish.
      expect(mail.text).toMatch(
        /lunes, 29 de marzo de 2027.*9:00 \(hora de verano de Europa central\)/,
      );
      expect(mail.text).not.toContain("manage");
      expect(read(mail).content).not.toContain("t=7.abc");
    }
  });

  it("moves with a higher SEQUENCE of the same event, and cancels it", () => {
    const [first] = invitationMails(booking, "request", options);
    const [moved] = invitationMails({ ...booking, sequence: 1 }, "update", options);
    const [cancelled] = invitationMails({ ...booking, sequence: 2 }, "cancel", options);
    const a = read(first!.mail);
    const b = read(moved!.mail);
    const c = read(cancelled!.mail);
    expect(b.event.uid).toBe(a.event.uid);
    expect(Number(b.event.sequence)).toBe(1);
    expect(c.method).toBe("CANCEL");
    expect(c.event.uid).toBe(a.event.uid);
    expect(String(c.event.status)).toBe("CANCELLED");
    expect(Number(c.event.sequence)).toBe(2);
  });

  it("print no control, format character or encoded word the visitor typed", () => {
    const sly = {
      ...booking,
      name: "Eve \u202Egnp.exe =?utf-8?B?QWRtaW4=?=",
      company: "Evil\u200B Corp",
      topic: "Hola\u2066 mundo",
    };
    for (const kind of ["request", "cancel"] as const) {
      for (const { mail, recipient } of invitationMails(sly, kind, options)) {
        const shown = JSON.stringify([mail.subject, mail.text, mail.to, mail.replyTo]);
        expect(shown).not.toMatch(/[\u202E\u200B\u2066]|=\?utf-8\?/);
        if (recipient === options.companyEmail) expect(shown).toContain("Eve gnp.exe");
      }
    }
  });

  it("never show the visitor the name that was typed: whoever books may type a stranger's address", () => {
    // Found by a probe: the name was the message, in the greeting and the `To:` of a stranger.
    const spam = { ...booking, name: "Claim your prize at http://spam.example now" };
    const toVisitor = [
      ...(["request", "update", "cancel"] as const).map(
        (kind) => invitationMails(spam, kind, options)[0]!,
      ),
      confirmationMail(spam, { ...options, minutes: 30 }),
    ];
    for (const { mail, recipient } of toVisitor) {
      expect(recipient).toBe(spam.email);
      expect(mail.to).toBe(spam.email);
      const shown = JSON.stringify([mail.subject, mail.text, mail.icalEvent]);
      expect(shown).not.toContain("prize");
      expect(shown).not.toContain("spam.example");
      expect(mail.text).toMatch(/^Hola: /);
    }
    // The company is told who booked, as typed.
    const [, company] = invitationMails(spam, "request", options);
    expect(company!.mail.text).toContain("Claim your prize at http://spam.example now");
  });
});
