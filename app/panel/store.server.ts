// The panel's tables (migration 0004): people, passkeys, invitations, sessions, WebAuthn
// challenges and the audit log, on the site's database (SQLite or PostgreSQL, one set of
// Kysely queries). Secrets (invitation links, session cookies) are kept only as SHA-256
// hashes, so a copy of the database signs nobody in.
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/database/database.server.ts";
import type { Tables } from "#app/database/tables.ts";

export const hashOf = (secret: string) => createHash("sha256").update(secret).digest("base64url");

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/** The name of the calendar feed's key among the database's secrets. */
export const feedSecret = "panel-calendar";

export type PanelUser = { id: number; email: string; createdAt: number };
export type Passkey = {
  id: string;
  userId: number;
  publicKey: string;
  counter: number;
  transports: string[];
};

/** Deletes the invitations of an address not used yet. */
const unusedInvitationsOf = (db: Kysely<Tables>, email: string) =>
  db
    .deleteFrom("panel_invitations")
    .where("email", "=", email)
    .where("used_at", "is", null)
    .execute();

export function panelStore({ db: database }: Pick<Database, "db">) {
  const db = database as Kysely<Tables>;
  const userColumns = ["id", "email", "created_at as createdAt"] as const;
  return {
    users: () => db.selectFrom("panel_users").select(userColumns).orderBy("email").execute(),
    user: (id: number): Promise<PanelUser | undefined> =>
      db.selectFrom("panel_users").select(userColumns).where("id", "=", id).executeTakeFirst(),
    /** The person of that address, added if new; resolves with their id. */
    async addUser(email: string, now: number): Promise<number> {
      await db
        .insertInto("panel_users")
        .values({ email, created_at: now })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .execute();
      const row = await db
        .selectFrom("panel_users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** Removes a person with their passkeys, sessions and unused invitations; false if there was none. */
    removeUser: (id: number) =>
      db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom("panel_users")
          .select("email")
          .where("id", "=", id)
          .executeTakeFirst();
        if (user) await unusedInvitationsOf(trx, user.email);
        await trx.deleteFrom("panel_sessions").where("user_id", "=", id).execute();
        await trx.deleteFrom("panel_passkeys").where("user_id", "=", id).execute();
        return (
          changed(await trx.deleteFrom("panel_users").where("id", "=", id).executeTakeFirst()) > 0
        );
      }),

    async addPasskey(passkey: Passkey, now: number) {
      await db
        .insertInto("panel_passkeys")
        .values({
          id: passkey.id,
          user_id: passkey.userId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: JSON.stringify(passkey.transports),
          created_at: now,
          used_at: null,
        })
        .execute();
    },
    async passkey(id: string): Promise<Passkey | undefined> {
      const row = await db
        .selectFrom("panel_passkeys")
        .select(["id", "user_id", "public_key", "counter", "transports"])
        .where("id", "=", id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            userId: Number(row.user_id),
            publicKey: row.public_key,
            counter: Number(row.counter),
            transports: JSON.parse(row.transports) as string[],
          }
        : undefined;
    },
    passkeyUsed: (id: string, counter: number, now: number) =>
      db
        .updateTable("panel_passkeys")
        .set({ counter, used_at: now })
        .where("id", "=", id)
        .execute(),
    addInvitation: (tokenHash: string, email: string, now: number, expiresAt: number) =>
      db
        .insertInto("panel_invitations")
        .values({ token_hash: tokenHash, email, created_at: now, expires_at: expiresAt })
        .execute(),
    /** The address an unused, unexpired invitation is for. */
    invitation: async (tokenHash: string, now: number) =>
      (
        await db
          .selectFrom("panel_invitations")
          .select("email")
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .where("expires_at", ">", now)
          .executeTakeFirst()
      )?.email,
    /** Once a person has enrolled, other links to their address (a panel's) enrol nobody. */
    dropInvitationsOf: (email: string) => unusedInvitationsOf(db, email),
    /** Uses an invitation up; false if it was used (a second tab) or expired meanwhile. */
    useInvitation: async (tokenHash: string, now: number) =>
      changed(
        await db
          .updateTable("panel_invitations")
          .set({ used_at: now })
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .where("expires_at", ">", now)
          .executeTakeFirst(),
      ) > 0,

    addSession: (idHash: string, userId: number, csrf: string, now: number) =>
      db
        .insertInto("panel_sessions")
        .values({ id_hash: idHash, user_id: userId, csrf, created_at: now, seen_at: now })
        .execute(),
    session: (idHash: string) =>
      db
        .selectFrom("panel_sessions")
        .innerJoin("panel_users", "panel_users.id", "panel_sessions.user_id")
        .select([
          "panel_sessions.user_id as userId",
          "panel_users.email as email",
          "panel_sessions.csrf as csrf",
          "panel_sessions.created_at as createdAt",
          "panel_sessions.seen_at as seenAt",
        ])
        .where("panel_sessions.id_hash", "=", idHash)
        .executeTakeFirst(),
    touchSession: (idHash: string, now: number) =>
      db
        .updateTable("panel_sessions")
        .set({ seen_at: now })
        .where("id_hash", "=", idHash)
        .execute(),
    endSession: (idHash: string) =>
      db.deleteFrom("panel_sessions").where("id_hash", "=", idHash).execute(),
    endSessionsOf: async (userId: number) =>
      changed(
        await db.deleteFrom("panel_sessions").where("user_id", "=", userId).executeTakeFirst(),
      ),

    addChallenge: (id: string, challenge: string, invitation: string | null, expiresAt: number) =>
      db
        .insertInto("panel_challenges")
        .values({ id, challenge, invitation, expires_at: expiresAt })
        .execute(),
    /** A challenge is answered once: taken out as it is read, in one statement (two at once get it once). */
    takeChallenge: async (id: string, now: number) => {
      const row = await db
        .deleteFrom("panel_challenges")
        .where("id", "=", id)
        .returning(["challenge", "invitation", "expires_at"])
        .executeTakeFirst();
      return row && Number(row.expires_at) > now ? row : undefined;
    },

    /** A random secret of this database by name, made on first use (the calendar feed's key). */
    async secret(name: string): Promise<string> {
      await db
        .insertInto("secrets")
        .values({ name, value: randomBytes(32).toString("base64url") })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      const row = await db
        .selectFrom("secrets")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      return row.value;
    },

    /** A new value for that secret: the old one no longer matches (the feed's key, rotated). */
    async renewSecret(name: string): Promise<string> {
      await db.deleteFrom("secrets").where("name", "=", name).execute();
      return this.secret(name);
    },

    audit: (entry: { at: number; email: string | null; action: string; detail?: string }) =>
      db
        .insertInto("panel_audit")
        .values({ ...entry, detail: entry.detail ?? null })
        .execute(),
    /**
     * Counts one refused attempt of a client (`client`: a keyed hash of its network) on its
     * line of the window that started within `windowMs` before `at`, or starts that line: one
     * line per client, action and reason per window, however many attempts.
     */
    async auditRefused(entry: {
      at: number;
      windowMs: number;
      client: string;
      action: string;
      detail: string;
    }) {
      const counted = changed(
        await db
          .updateTable("panel_audit")
          .set((eb) => ({ count: eb("count", "+", 1) }))
          .where("action", "=", entry.action)
          .where("detail", "=", entry.detail)
          .where("client", "=", entry.client)
          .where("at", ">", entry.at - entry.windowMs)
          .executeTakeFirst(),
      );
      if (counted > 0) return;
      await db
        .insertInto("panel_audit")
        .values({
          at: entry.at,
          email: null,
          action: entry.action,
          detail: entry.detail,
          client: entry.client,
        })
        .execute();
    },
    auditLog: (limit: number) =>
      db
        .selectFrom("panel_audit")
        .select(["at", "email", "action", "detail", "client", "count"])
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),

    /**
     * Deletes what can no longer be used (expired sessions, challenges and invitations) and
     * the activity log's lines older than its retention.
     */
    async sweep(
      now: number,
      { idleMs, absoluteMs, auditMs }: { idleMs: number; absoluteMs: number; auditMs: number },
    ) {
      await db
        .deleteFrom("panel_sessions")
        .where((eb) =>
          eb.or([eb("seen_at", "<=", now - idleMs), eb("created_at", "<=", now - absoluteMs)]),
        )
        .execute();
      await db.deleteFrom("panel_challenges").where("expires_at", "<=", now).execute();
      await db.deleteFrom("panel_invitations").where("expires_at", "<=", now).execute();
      await db
        .deleteFrom("panel_audit")
        .where("at", "<=", now - auditMs)
        .execute();
    },
  };
}

export type PanelStore = ReturnType<typeof panelStore>;
