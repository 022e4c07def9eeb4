// The tables as the queries see them (Kysely's types): one description for both databases.
// Times are milliseconds since the epoch and counts are whole numbers; PostgreSQL keeps both
// in BIGINT columns, which the connection reads as JS numbers (app/database/postgres.server.ts).
import type { Generated } from "kysely";
import type { MessageStatus, Suspicion } from "#app/contact/store.server.ts";
import type { Metric } from "#app/stats/store.server.ts";

export type Tables = {
  messages: {
    id: Generated<number>;
    created_at: number;
    lang: string;
    name: string;
    email: string;
    message: string;
    status: MessageStatus;
    attempts: Generated<number>;
    next_attempt_at: number | null;
    last_error: string | null;
    sent_at: number | null;
    spam_reason: string | null;
    claimed_by: string | null;
    lease_until: number | null;
    suspicion: Suspicion | null;
    /** An e-mail composed in full (JSON), sent as it is: a booking's invitation. */
    mail: string | null;
    /** The owner's mark in the panel: null while new. */
    owner_status: Generated<"answered" | "archived" | null>;
  };
  /** Calls booked on the booking page (app/booking); times in milliseconds. */
  bookings: {
    id: Generated<number>;
    created_at: number;
    lang: string;
    name: string;
    email: string;
    company: string | null;
    topic: string;
    start_at: number;
    end_at: number;
    status: "booked" | "cancelled";
    sequence: Generated<number>;
    /** Held until the visitor confirms it (the slot reserved until then); null: confirmed. */
    held_until: number | null;
  };
  /** One row per rate-limited client key (an HMAC of its address) and window. */
  rate_limits: { key: string; hits: number; reset_at: number };
  /** The e-mails sent in each window of the mailbox-flood cap. */
  mail_quota: { window_start: number; sent: number };
  /** Per-database secrets, such as the rate limit's hashing key. */
  secrets: { name: string; value: string };
  stats_daily: { day: string; metric: Metric; key: string; lang: string; count: number };
  stats_reports: {
    week: string;
    claimed_by: string | null;
    lease_until: number;
    sent_at: number | null;
  };
  /** The owner's panel (app/panel): who may sign in, with which passkeys, and what they did. */
  panel_users: { id: Generated<number>; email: string; created_at: number };
  panel_passkeys: {
    id: string;
    user_id: number;
    public_key: string;
    counter: number;
    transports: string;
    created_at: number;
    used_at: number | null;
  };
  panel_invitations: {
    token_hash: string;
    email: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  panel_sessions: {
    id_hash: string;
    user_id: number;
    csrf: string;
    created_at: number;
    seen_at: number;
  };
  panel_challenges: {
    id: string;
    challenge: string;
    invitation: string | null;
    expires_at: number;
  };
  panel_audit: {
    id: Generated<number>;
    at: number;
    email: string | null;
    action: string;
    detail: string | null;
    /** Refused attempts: a short keyed hash of the client's network. */
    client: string | null;
    /** How many attempts the line stands for (refused ones, counted per window). */
    count: Generated<number>;
  };
};
