// Passkeys (WebAuthn, with @simplewebauthn/server): enrolment from an invitation link and
// sign-in. The relying party is the site's configured address (SITE_URL); when SITE_URL names
// this machine, a browser at http://localhost:PORT (a secure context) is accepted, so the
// panel can be tried and tested on loopback. A challenge lives in the database for five minutes and is
// answered once.
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { normalEmail, type PanelAuth } from "#app/panel/auth.server.ts";
import { hashOf, type PanelStore } from "#app/panel/store.server.ts";

const challengeMs = 5 * 60_000;

export type RelyingParty = { id: string; origin: string };

/** Names of this machine: a site configured with one of these is a developer's or a test's. */
const loopbackNames = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The relying party a request signs in to: the site's own (SITE_URL's host and origin), or,
 * when SITE_URL itself names this machine, a browser's `http://localhost:PORT` (any port: the
 * tests' servers pick theirs). A production site never takes `localhost`, whatever name a
 * request claims. WebAuthn refuses an IP address as an RP ID, so loopback means the name
 * `localhost`.
 */
export function relyingParty(siteUrl: string, requestOrigin: string): RelyingParty {
  const site = new URL(siteUrl);
  const asked = new URL(requestOrigin);
  if (loopbackNames.has(site.hostname) && asked.hostname === "localhost") {
    return { id: "localhost", origin: asked.origin };
  }
  return { id: site.hostname, origin: site.origin };
}

type Failure = { ok: false; reason: "expired" | "refused" };
const refused: Failure = { ok: false, reason: "refused" };

export function passkeys(store: PanelStore, auth: PanelAuth, rpName: string) {
  const { now } = auth;
  async function challengeFor(challenge: string, invitation: string | null) {
    const id = randomBytes(16).toString("base64url");
    await store.addChallenge(id, challenge, invitation, now() + challengeMs);
    return id;
  }

  return {
    /** The browser's options for a new passkey, if the invitation is good. */
    async enrolOptions(token: string, rp: RelyingParty) {
      const email = await auth.invitation(token);
      if (!email) return undefined;
      const options = await generateRegistrationOptions({
        rpName,
        rpID: rp.id,
        userName: email,
        attestationType: "none",
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      return { options, challengeId: await challengeFor(options.challenge, hashOf(token)) };
    },
    /** Checks the new passkey, uses the invitation up, adds the person and the passkey. */
    async enrol(
      challengeId: string,
      response: RegistrationResponseJSON,
      rp: RelyingParty,
    ): Promise<{ ok: true; userId: number; email: string } | Failure> {
      const stored = await store.takeChallenge(challengeId, now());
      if (!stored?.invitation) return { ok: false, reason: "expired" };
      const email = await store.invitation(stored.invitation, now());
      if (!email) return { ok: false, reason: "expired" };
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: stored.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verified?.verified) return refused;
      if (!(await store.useInvitation(stored.invitation, now()))) {
        return { ok: false, reason: "expired" };
      }
      const { credential } = verified.registrationInfo;
      const userId = await store.addUser(normalEmail(email), now());
      // Enrolled: another pending link to this address (one shown in the panel before) no longer
      // adds a passkey to the account. Recovery is a new invitation from the command line.
      await store.dropInvitationsOf(normalEmail(email));
      await store.addPasskey(
        {
          id: credential.id,
          userId,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
        },
        now(),
      );
      return { ok: true, userId, email };
    },
    /** The browser's options for signing in with any passkey of this site (discoverable). */
    async signInOptions(rp: RelyingParty) {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: "required",
      });
      return { options, challengeId: await challengeFor(options.challenge, null) };
    },
    /** Checks a sign-in; the person it is, if the passkey is one of ours and the answer right. */
    async signIn(
      challengeId: string,
      response: AuthenticationResponseJSON,
      rp: RelyingParty,
    ): Promise<{ ok: true; userId: number; email: string } | Failure> {
      const stored = await store.takeChallenge(challengeId, now());
      if (!stored || stored.invitation !== null) return { ok: false, reason: "expired" };
      const passkey =
        typeof response.id === "string" ? await store.passkey(response.id) : undefined;
      const user = passkey && (await store.user(passkey.userId));
      if (!passkey || !user) return refused;
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: stored.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
      }).catch(() => undefined);
      if (!verified?.verified) return refused;
      await store.passkeyUsed(passkey.id, verified.authenticationInfo.newCounter, now());
      return { ok: true, userId: user.id, email: user.email };
    },
  };
}

export type Passkeys = ReturnType<typeof passkeys>;
