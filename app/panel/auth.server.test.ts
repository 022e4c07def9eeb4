import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { unitTestDatabases } from "#tests/support/postgres.ts";
import { createRateLimiter } from "#app/contact/rate-limit.server.ts";
import { openStore, type MessageStore } from "#app/contact/store.server.ts";
import { csrfMatches, panelAuth, type PanelAuth } from "#app/panel/auth.server.ts";
import { hashOf, panelStore, type PanelStore } from "#app/panel/store.server.ts";
import { relyingParty } from "#app/panel/passkeys.server.ts";

// The panel's sessions, invitations, form tokens and sign-in limit on a real database (SQLite,
// or PostgreSQL in the `db` project), with a clock the tests move.
const minute = 60_000;
const day = 24 * 60 * minute;
const times = {
  idleMs: 30 * minute,
  absoluteMs: 12 * 60 * minute,
  invitationMs: 72 * 60 * minute,
  auditMs: 365 * day,
};
const databases = unitTestDatabases();
afterAll(() => databases.stop());

let messages: MessageStore;
let store: PanelStore;
let auth: PanelAuth;
let now: number;
beforeEach(async () => {
  messages = await openStore(await databases.open());
  store = panelStore(messages.driver);
  now = Date.parse("2026-11-27T10:00:00Z");
  auth = panelAuth(store, times, () => now);
});
afterEach(() => messages.close());

async function signedIn(email = "owner@example.com") {
  const userId = await store.addUser(email, now);
  return { userId, ...(await auth.startSession(userId, email, "sign-in")) };
}

describe("sessions", () => {
  it("names the person until it has been idle for the idle time", async () => {
    const { cookie, csrf } = await signedIn();
    expect(await auth.session(cookie)).toMatchObject({ email: "owner@example.com", csrf });
    now += 29 * minute;
    expect(await auth.session(cookie)).toBeDefined();
    // Used a minute ago: idle time counts from then.
    now += 29 * minute;
    expect(await auth.session(cookie)).toBeDefined();
    now += 30 * minute;
    expect(await auth.session(cookie)).toBeUndefined();
    // Gone for good, not only refused.
    now -= 30 * minute;
    expect(await auth.session(cookie)).toBeUndefined();
  });

  it("ends at the absolute limit however busy it is", async () => {
    const { cookie } = await signedIn();
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect(await auth.session(cookie), `after ${elapsed} minutes`).toBeDefined();
      now += 20 * minute;
    }
    expect(await auth.session(cookie)).toBeUndefined();
  });

  it("keeps only a hash of the cookie, and knows no other cookie", async () => {
    const { cookie } = await signedIn();
    expect(await store.session(cookie)).toBeUndefined();
    expect(await store.session(hashOf(cookie))).toBeDefined();
    expect(await auth.session(undefined)).toBeUndefined();
    expect(await auth.session(`${cookie}x`)).toBeUndefined();
  });

  it("signs out one device, or every device of the person, and no one else's", async () => {
    const phone = await signedIn();
    const laptop = await auth.startSession(phone.userId, "owner@example.com", "sign-in");
    const other = await signedIn("partner@example.com");
    await auth.signOut(phone.cookie, "owner@example.com");
    expect(await auth.session(phone.cookie)).toBeUndefined();
    expect(await auth.session(laptop.cookie)).toBeDefined();
    const third = await auth.startSession(phone.userId, "owner@example.com", "sign-in");
    expect(await auth.signOutEverywhere(phone.userId, "owner@example.com")).toBe(2);
    expect(await auth.session(laptop.cookie)).toBeUndefined();
    expect(await auth.session(third.cookie)).toBeUndefined();
    expect(await auth.session(other.cookie)).toBeDefined();
  });

  it("ends with the person removed", async () => {
    const { userId, cookie } = await signedIn();
    expect(await store.removeUser(userId)).toBe(true);
    expect(await auth.session(cookie)).toBeUndefined();
  });

  it("the person removed takes their unused invitations along, and no one else's", async () => {
    const { userId } = await signedIn();
    const theirs = await auth.invite("owner@example.com", null);
    const other = await auth.invite("partner@example.com", null);
    expect(await store.removeUser(userId)).toBe(true);
    expect(await auth.invitation(theirs.token)).toBeUndefined();
    expect(await auth.invitation(other.token)).toBe("partner@example.com");
  });

  it("sweeps sessions, challenges and invitations that can no longer be used", async () => {
    const { cookie } = await signedIn();
    await store.addChallenge("c1", "challenge", null, now + 5 * minute);
    await auth.invite("new@example.com", "owner@example.com");
    now += 73 * 60 * minute;
    await auth.sweep();
    expect(await store.session(hashOf(cookie))).toBeUndefined();
    expect(await store.takeChallenge("c1", now - 73 * 60 * minute)).toBeUndefined();
  });
});

describe("the activity log", () => {
  it("keeps a line for its retention, then the sweep deletes it", async () => {
    await auth.audit("owner@example.com", "export", "1");
    now += times.auditMs - minute;
    await auth.audit("owner@example.com", "export", "2");
    await auth.sweep();
    expect((await store.auditLog(5)).map((line) => line.detail)).toEqual(["2", "1"]);
    now += minute;
    await auth.sweep();
    expect((await store.auditLog(5)).map((line) => line.detail)).toEqual(["2"]);
  });
});

describe("refused attempts", () => {
  it("are one line per client network and reason per window, with a count, naming no address", async () => {
    for (let i = 0; i < 3; i += 1) await auth.refused("203.0.113.7", "sign-in-refused", "expired");
    await auth.refused("2001:db8:1:2::5", "sign-in-refused", "rateLimited");
    // Another address of the same /64: the same client.
    await auth.refused("2001:db8:1:2::6", "sign-in-refused", "rateLimited");
    await auth.refused("203.0.113.7", "sign-in-refused", "rateLimited");
    now += 15 * minute;
    await auth.refused("203.0.113.7", "sign-in-refused", "expired");
    const lines = await store.auditLog(10);
    expect(lines.map((line) => [line.detail, Number(line.count)])).toEqual([
      ["expired", 1],
      ["rateLimited", 1],
      ["rateLimited", 2],
      ["expired", 3],
    ]);
    expect(lines[0]?.client).toBe(lines[3]?.client);
    expect(lines[1]?.client).toBe(lines[0]?.client);
    expect(lines[2]?.client).not.toBe(lines[0]?.client);
    expect(JSON.stringify(lines)).not.toMatch(/203\.0\.113|2001:db8/);
  });
});

describe("the form token (CSRF)", () => {
  it("matches only the session's own token", async () => {
    const { csrf, cookie } = await signedIn();
    const session = await auth.session(cookie);
    expect(session && csrfMatches(session, csrf)).toBe(true);
    const other = await signedIn("partner@example.com");
    expect(session && csrfMatches(session, other.csrf)).toBe(false);
    for (const wrong of [undefined, "", csrf.slice(1), `${csrf}a`, ["x"], 42]) {
      expect(session && csrfMatches(session, wrong)).toBe(false);
    }
  });
});

describe("invitations", () => {
  it("work once, until they expire, for the address in lower case", async () => {
    const { token } = await auth.invite(" New@Example.com ", "owner@example.com");
    expect(await auth.invitation(token)).toBe("new@example.com");
    expect(await store.useInvitation(hashOf(token), now)).toBe(true);
    expect(await store.useInvitation(hashOf(token), now)).toBe(false);
    expect(await auth.invitation(token)).toBeUndefined();

    const late = await auth.invite("late@example.com", null);
    now += times.invitationMs;
    expect(await auth.invitation(late.token)).toBeUndefined();
    expect(await store.useInvitation(hashOf(late.token), now)).toBe(false);
  });

  it("are in the audit log with who invited whom", async () => {
    await auth.invite("new@example.com", "owner@example.com");
    expect(await store.auditLog(5)).toEqual([
      expect.objectContaining({
        email: "owner@example.com",
        action: "invite",
        detail: "new@example.com",
      }),
    ]);
  });
});

describe("challenges", () => {
  it("are answered once when two answers arrive together", async () => {
    for (const id of ["p1", "p2", "p3", "p4", "p5"]) {
      await store.addChallenge(id, "same", null, now + 5 * minute);
      const taken = await Promise.all([store.takeChallenge(id, now), store.takeChallenge(id, now)]);
      expect(taken.filter(Boolean), id).toHaveLength(1);
    }
  });

  it("are answered once, within their time", async () => {
    await store.addChallenge("a", "one", null, now + 5 * minute);
    expect(await store.takeChallenge("a", now)).toMatchObject({ challenge: "one" });
    expect(await store.takeChallenge("a", now)).toBeUndefined();
    await store.addChallenge("b", "two", null, now + 5 * minute);
    expect(await store.takeChallenge("b", now + 5 * minute)).toBeUndefined();
  });
});

describe("the sign-in limit", () => {
  it("refuses a network's attempts past the budget until the window ends", async () => {
    const limit = createRateLimiter(messages, {
      max: 3,
      windowMs: 15 * minute,
      scope: "panel-sign-in:",
      now: () => now,
    });
    for (let i = 0; i < 3; i += 1) expect((await limit.consume("203.0.113.7")).allowed).toBe(true);
    expect((await limit.consume("203.0.113.7")).allowed).toBe(false);
    // Another client has a budget of its own.
    expect((await limit.consume("203.0.113.8")).allowed).toBe(true);
    now += 15 * minute;
    expect((await limit.consume("203.0.113.7")).allowed).toBe(true);
  });
});

describe("the relying party", () => {
  it("is the site's address, whatever name a request claims", () => {
    const site = "https://www.example.com";
    const own = { id: "www.example.com", origin: "https://www.example.com" };
    expect(relyingParty(site, "https://www.example.com")).toEqual(own);
    // A production site never takes localhost (a tunnel or a forged Host header).
    expect(relyingParty(site, "http://localhost:3400")).toEqual(own);
    expect(relyingParty(site, "https://evil.example")).toEqual(own);
  });

  it("is localhost, on any port, for a site configured on this machine", () => {
    for (const site of ["http://localhost", "http://127.0.0.1:3000", "http://[::1]:8080"]) {
      expect(relyingParty(site, "http://localhost:3400"), site).toEqual({
        id: "localhost",
        origin: "http://localhost:3400",
      });
      expect(relyingParty(site, "https://evil.example").id, site).not.toBe("evil.example");
    }
  });
});
