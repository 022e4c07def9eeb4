// Who is signed in to the panel: one-time invitations, sessions with idle and absolute expiry,
// the per-session token every change must carry (CSRF), sign-out here and everywhere, and the
// audit log. The clock is handed in, so the tests move time instead of waiting.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Settings } from "#app/config/settings.server.ts";
import { siteConfig } from "#app/config/site.ts";
import { clientNetwork } from "#app/contact/rate-limit.server.ts";
import { hashOf, type PanelStore } from "#app/panel/store.server.ts";

export type PanelTimes = {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
  /** An invitation link works this long, once. */
  invitationMs: number;
  /** The activity log keeps a line this long (it names people: kept as long as messages). */
  auditMs: number;
};

export type PanelSession = { userId: number; email: string; csrf: string };

/** The panel's times from the settings. */
export const panelTimes = (panel: Settings["panel"]): PanelTimes => ({
  idleMs: panel.PANEL_IDLE_MINUTES * 60_000,
  absoluteMs: panel.PANEL_SESSION_HOURS * 3_600_000,
  invitationMs: panel.PANEL_INVITATION_HOURS * 3_600_000,
  auditMs: siteConfig.legal.contactRetentionDays * 86_400_000,
});

/**
 * The window of the sign-in limit, and of the audit log's lines of refused attempts: one line
 * per client and reason per window, with a count.
 */
export const signInWindowMs = 15 * 60_000;

/** Why an attempt to sign in or enrol was refused, as the audit log keeps it. */
export type RefusedReason = "refused" | "expired" | "rateLimited";

/** A secret with 256 bits of randomness, as URL-safe text. */
const secret = () => randomBytes(32).toString("base64url");

/** Whether a form's token is the session's, compared in constant time. */
export function csrfMatches(session: Pick<PanelSession, "csrf">, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const expected = Buffer.from(session.csrf);
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** An address as the panel keeps it: trimmed, in lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export function panelAuth(store: PanelStore, times: PanelTimes, now: () => number = Date.now) {
  /** The session a cookie names while it lasts; an expired one is deleted on sight. */
  async function session(cookie: string | undefined): Promise<PanelSession | undefined> {
    if (!cookie) return undefined;
    const idHash = hashOf(cookie);
    const row = await store.session(idHash);
    if (!row) return undefined;
    const at = now();
    if (at - Number(row.seenAt) >= times.idleMs || at - Number(row.createdAt) >= times.absoluteMs) {
      await store.endSession(idHash);
      return undefined;
    }
    // One write a minute at most: enough for a 30-minute idle limit.
    if (at - Number(row.seenAt) >= 60_000) await store.touchSession(idHash, at);
    return { userId: Number(row.userId), email: row.email, csrf: row.csrf };
  }

  let auditKey: Promise<string> | undefined;
  return {
    times,
    now,
    /** A one-time link's secret for `email`; resolves with it and when it stops working. */
    async invite(email: string, by: string | null) {
      const token = secret();
      const at = now();
      const expiresAt = at + times.invitationMs;
      await store.addInvitation(hashOf(token), normalEmail(email), at, expiresAt);
      await store.audit({ at, email: by, action: "invite", detail: normalEmail(email) });
      return { token, expiresAt };
    },
    /** The address an invitation link is for, while it is unused and unexpired. */
    invitation: (token: string) => store.invitation(hashOf(token), now()),
    /** Signs `userId` in: the cookie's value (only its hash is stored) and the form token. */
    async startSession(userId: number, email: string, action: "sign-in" | "enrol") {
      const cookie = secret();
      const csrf = secret();
      const at = now();
      await store.addSession(hashOf(cookie), userId, csrf, at);
      await store.audit({ at, email, action });
      return { cookie, csrf };
    },
    session,
    async signOut(cookie: string, email: string) {
      await store.endSession(hashOf(cookie));
      await store.audit({ at: now(), email, action: "sign-out" });
    },
    /** Ends every session of the person, on every device; resolves with how many. */
    async signOutEverywhere(userId: number, email: string) {
      const ended = await store.endSessionsOf(userId);
      await store.audit({ at: now(), email, action: "sign-out-everywhere", detail: String(ended) });
      return ended;
    },
    /**
     * Counts a refused sign-in or enrolment attempt of the client at `address` in the audit
     * log: one line per client network and reason per window, with a count (6,547 garbage
     * posts in ten seconds were 6,547 lines). The client is named by a short keyed hash of its
     * network, which tells clients apart without keeping who they are.
     */
    async refused(
      address: string,
      action: "sign-in-refused" | "enrol-refused",
      reason: RefusedReason,
    ) {
      auditKey ??= store.secret("panel-audit");
      const client = createHmac("sha256", await auditKey)
        .update(clientNetwork(address))
        .digest("base64url")
        .slice(0, 8);
      await store.auditRefused({
        at: now(),
        windowMs: signInWindowMs,
        client,
        action,
        detail: reason,
      });
    },
    /** One line in the audit log for a change made by `email`. */
    audit: (email: string | null, action: string, detail?: string) =>
      store.audit({ at: now(), email, action, ...(detail === undefined ? {} : { detail }) }),
    sweep: () => store.sweep(now(), times),
  };
}

export type PanelAuth = ReturnType<typeof panelAuth>;
