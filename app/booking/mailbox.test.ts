import { describe, expect, it } from "vitest";
import { mailboxOf } from "#app/booking/mailbox.ts";

describe("the mailbox of an address", () => {
  it("is one for every spelling that reaches it", () => {
    const spellings = [
      "victim@example.org",
      "Victim@Example.ORG",
      " victim+1@example.org ",
      "victim+prize+2@example.org",
      "VICTIM+x@example.org.",
    ];
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set(["victim@example.org"]));
  });

  it("ignores dots only where the provider does", () => {
    expect(mailboxOf("Jane.Doe+news@googlemail.com")).toBe("janedoe@gmail.com");
    expect(mailboxOf("j.a.n.e.doe@gmail.com")).toBe("janedoe@gmail.com");
    expect(mailboxOf("jane.doe@example.org")).toBe("jane.doe@example.org");
  });

  it("keeps the domain of an address that is all tag, and a text that is no address", () => {
    expect(mailboxOf("+tag@Example.org")).toBe("@example.org");
    expect(mailboxOf("nobody")).toBe("nobody");
  });
});
