import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { unitTestDatabases } from "#tests/support/postgres.ts";
import { openMessages } from "#tests/support/database.ts";
import { panelAuth } from "#app/panel/auth.server.ts";
import { feedSecret, hashOf, panelStore } from "#app/panel/store.server.ts";
import { runPanel } from "#scripts/panel.ts";

// `npm run panel` on a real database: the invitation it prints and queues, the people, removal.
const databases = unitTestDatabases();
afterAll(() => databases.stop());

describe("npm run panel", () => {
  let database: { url: string | undefined; path: string };
  beforeEach(async () => {
    database = await databases.open();
  });

  async function panel(...args: string[]) {
    let out = "";
    let err = "";
    const code = await runPanel(
      args,
      { ...(database.url ? { url: database.url } : {}), path: database.path },
      { out: (text) => (out += text), err: (text) => (err += text) },
    );
    return { code, out, err };
  }

  it("invites by a one-time link, printed in Spanish and queued as an e-mail", async () => {
    const { code, out } = await panel("invite", "Owner@Example.com");
    expect(code).toBe(0);
    expect(out).toMatch(/^Invitación para owner@example\.com, válida una vez hasta el /);
    const token = /\/panel\/enrol\?t=([\w-]+)/.exec(out)?.[1] ?? "";
    const store = await openMessages(database);
    try {
      const auth = panelAuth(panelStore(store.database), {
        idleMs: 1,
        absoluteMs: 1,
        invitationMs: 1,
        auditMs: 1,
      });
      expect(await auth.invitation(token)).toBe("owner@example.com");
      // Only the link's hash is kept.
      expect(JSON.stringify(await store.mails.to("owner@example.com"))).not.toContain(
        hashOf(token),
      );
      // In the outbox's table, not among the visitors' messages.
      expect(await store.list()).toEqual([]);
      const [mail] = await store.mails.to("owner@example.com");
      expect(mail).toMatchObject({ recipient: "owner@example.com", status: "pending" });
      expect(JSON.parse(mail?.mail ?? "{}").text).toContain(`/panel/enrol?t=${token}`);
    } finally {
      await store.close();
    }
    expect((await panel("invite", "ana@example.com", "--lang", "en")).out).toMatch(
      /^Invitation for ana@example\.com/,
    );
  });

  it("keeps no invitation's link in the outbox once it is sent or given up", async () => {
    const tokens = [];
    for (const email of ["sent@example.com", "bounced@example.com"]) {
      const { out } = await panel("invite", email);
      tokens.push(/\/panel\/enrol\?t=([\w-]+)/.exec(out)?.[1] ?? "");
    }
    const store = await openMessages(database);
    try {
      const { mails } = store;
      const claimed = await mails.claimDue("test", Date.now(), 60_000, 2);
      expect(claimed).toHaveLength(2);
      expect(JSON.stringify(claimed)).toContain(tokens[0]);
      const [first, second] = claimed;
      expect(await mails.markSent(first?.id ?? 0, "test")).toBe(true);
      expect(await mails.markFailed(second?.id ?? 0, "test", "550 no such user")).toBe(true);
      const rows = [
        ...(await mails.to("sent@example.com")),
        ...(await mails.to("bounced@example.com")),
      ];
      expect(rows.map((row) => row.status).sort()).toEqual(["failed", "sent"]);
      for (const token of tokens) expect(JSON.stringify(rows)).not.toContain(token);
      // The e-mail is still there to read, with a link that no longer signs anyone in.
      for (const row of rows) {
        expect(JSON.parse(row.mail ?? "{}").text).toContain("/panel/enrol?t=\n");
      }
    } finally {
      await store.close();
    }
  });

  it("lists and removes the people who sign in", async () => {
    expect((await panel("people")).out).toContain("npm run panel -- invite");
    const store = await openMessages(database);
    await panelStore(store.database).addUser("owner@example.com", Date.now());
    await store.close();
    expect((await panel("people", "--lang", "en")).out).toBe("owner@example.com\n");
    expect((await panel("remove", "OWNER@example.com")).code).toBe(0);
    expect((await panel("people", "--lang", "en")).out).toContain("Nobody yet");
    expect((await panel("remove", "owner@example.com")).code).toBe(2);
  });

  it("gives the calls' calendar feed a new address; the old key no longer matches", async () => {
    const store = await openMessages(database);
    const old = await panelStore(store.database).secret(feedSecret);
    await store.close();
    const { code, out } = await panel("rotate-feed", "--lang", "en");
    expect(code).toBe(0);
    const key = /\/panel\/calendar\/([\w-]+)\.ics$/m.exec(out)?.[1];
    expect(key, out).toMatch(/^[\w-]{43}$/);
    expect(key).not.toBe(old);
    const after = await openMessages(database);
    try {
      const panelAfter = panelStore(after.database);
      expect(await panelAfter.secret(feedSecret)).toBe(key);
      expect(await panelAfter.auditLog(1)).toEqual([
        expect.objectContaining({ action: "rotate-feed", email: null }),
      ]);
    } finally {
      await after.close();
    }
  });

  it("explains its usage on a wrong command, address or language", async () => {
    for (const args of [
      [],
      ["frobnicate"],
      ["invite"],
      ["invite", "not-an-address"],
      ["people", "--lang", "fr"],
    ]) {
      const { code, err } = await panel(...args);
      expect(code, args.join(" ")).toBe(2);
      expect(err, args.join(" ")).toContain("Uso: npm run panel");
    }
    // The reason first, in the language asked for, Spanish by default.
    expect((await panel("invite")).err).toMatch(
      /^invite necesita una dirección de correo\.\n\nUso: npm run panel -- <comando>/,
    );
    expect((await panel("invite", "--lang", "en")).err).toMatch(
      /^invite needs an e-mail address\.\n\nUsage: npm run panel -- <command>/,
    );
    expect((await panel("frobnicate", "--lang", "en")).err).toMatch(
      /^Unknown command "frobnicate"\./,
    );
    expect((await panel("people", "--lang", "fr")).err).toMatch(
      /^--lang debe ser uno de estos: es, en, ca, de\./,
    );
    expect((await panel("people", "--lang")).err).toMatch(/^Falta el valor de --lang\./);
  });
});
