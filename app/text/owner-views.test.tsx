// One rule for every text shown to the owner (app/text/printable.ts), checked with the same
// inputs in each place it reaches them: the panel's pages, the CSV export, the terminal's rows
// and the booking e-mails. The calendar feed is checked with the probe's name in
// tests/e2e/panel.spec.ts (it needs the panel's routes).
import { describe, expect, it } from "vitest";
import { invitationMails } from "#app/booking/invitation.server.ts";
import { messageRow, messagesCsv, printableRow } from "#app/contact/export.ts";
import type { StoredMessage } from "#app/contact/store.server.ts";
import { renderPage } from "#app/panel/views.tsx";

/** What visitors typed, as probes typed it; and what the owner must see of it. */
const inputs: [typed: string, shown: string][] = [
  ["Eve \u202Egnp.exe", "Eve gnp.exe"],
  ["pay\u202Epal\u200B.\u2066com\u2069\u2060\uFEFF", "paypal.com"],
  ["\x1b]0;pwned\x07\x1b[31mred", "]0;pwned[31mred"],
  ["Núria 👩‍💻 日本語 مرحبا", "Núria 👩‍💻 日本語 مرحبا"],
];
/** Controls and format characters but line breaks and tabs, and the emoji's joiner. */
const hidden = (text: string) =>
  text.replace(/👩\u200D💻/gu, "").match(/[^\P{Cc}\n\r\t]|\p{Cf}|[\u2028\u2029]/gu) ?? [];

const message = (text: string): StoredMessage => ({
  id: 1,
  createdAt: Date.parse("2027-03-24T11:00:00Z"),
  lang: "es",
  name: text,
  email: "eve@example.org",
  message: `${text}\nsecond line`,
  status: "sent",
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: null,
  spamReason: null,
  suspicion: null,
  mail: null,
});

const outputs: Record<string, (text: string) => string> = {
  "a panel page": (text) =>
    renderPage({ t: ((key: string) => key) as never, lang: "es", nonce: "n" }, text, <p>{text}</p>),
  "the CSV export": (text) => messagesCsv([messageRow(message(text))]),
  "the terminal's rows": (text) => JSON.stringify(printableRow(messageRow(message(text)))),
  "the company's booking e-mail": (text) => {
    const [, company] = invitationMails(
      {
        id: 7,
        createdAt: 0,
        lang: "es",
        name: text,
        email: "eve@example.org",
        company: text,
        topic: text,
        start: Date.parse("2027-03-29T07:00:00Z"),
        end: Date.parse("2027-03-29T07:30:00Z"),
        sequence: 0,
      },
      "request",
      {
        from: "web@example.com",
        companyEmail: "owner@example.com",
        location: undefined,
        manageUrl: "",
      },
    );
    if (!company) throw new Error("no company copy");
    const { mail } = company;
    return [mail.subject, mail.text, JSON.stringify(mail.replyTo)].join("\n");
  },
};

describe("every text shown to the owner", () => {
  for (const [place, output] of Object.entries(outputs)) {
    it.each(inputs)(`${place}: %j shows as %j`, (typed, shown) => {
      const text = output(typed);
      expect(hidden(text)).toEqual([]);
      expect(text).toContain(shown);
    });
  }
});
