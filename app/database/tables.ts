// The tables as the queries see them (Kysely's types): one description for both databases.
// Times are milliseconds since the epoch and counts are whole numbers; PostgreSQL keeps both
// in BIGINT columns, which the connection reads as JS numbers (app/database/postgres.server.ts).
import type { Generated } from "kysely";

/**
 * A contact message's delivery (app/contact): `held`: over the hourly e-mail cap, waiting for
 * the summary e-mail; `summarized`: listed in one; `failed`: gave up e-mailing it; `spam`:
 * kept, never e-mailed unless released.
 */
export type MessageStatus = "pending" | "sent" | "failed" | "spam" | "held" | "summarized";

/**
 * Why a message may be spam though it passed the honeypot: `too-fast`, sent sooner after the
 * first touch of the form than people write; `no-timer`, the form's fill time was missing or
 * malformed. Such messages are e-mailed, marked: a timing guess never drops a lead.
 */
export type Suspicion = "too-fast" | "no-timer";

/**
 * `view`: a page view (key: the page, lang: its language); `entry`: a view arriving from
 * outside the site (key: the page entered); `source`, `campaign`, `device`: of entries (no
 * language); `notFound`: a 404 (key: the path); `message`: a contact message kept as not spam; `question`: a question asked on /ask (no text;
 * key `unanswered` when no passage answered it).
 */
export type Metric =
  "view" | "entry" | "source" | "campaign" | "device" | "notFound" | "message" | "question";

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
    /**
     * Only in rows the release before 0006 queued: an e-mail composed in full (JSON), which
     * the outbox moves to `mails` (migrations/0006-mails.ts).
     */
    mail: string | null;
    /** The owner's mark in the panel: null while new. */
    owner_status: Generated<"answered" | "archived" | null>;
    /** Name, address and text folded for the panel's search (app/text/fold.ts); null for a composed e-mail. */
    search_text: string | null;
  };
  /** The outbox's e-mails composed in full (app/mail): a booking's invitations, the panel's. */
  mails: {
    id: Generated<number>;
    created_at: number;
    recipient: string;
    /** Whom it is about, for the summary over the e-mail cap. */
    name: string;
    subject: string;
    /** The e-mail as nodemailer takes it (JSON). */
    mail: string;
    status: "pending" | "sent" | "failed" | "held" | "summarized";
    attempts: Generated<number>;
    next_attempt_at: number | null;
    last_error: string | null;
    sent_at: number | null;
    claimed_by: string | null;
    lease_until: number | null;
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
    /** How many times the owner moved it (the panel): apart from the visitor's limit of changes. */
    owner_moves: Generated<number>;
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
