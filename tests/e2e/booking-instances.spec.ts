import pg from "pg";
import { startCalendarServer } from "#tests/support/calendar.ts";
import { startPostgres, type Postgres } from "#tests/support/postgres.ts";
import { postForm, startSite } from "#tests/support/site.ts";
import { expect, test } from "#tests/e2e/support.ts";

// Two production servers on one PostgreSQL database, the way a load balancer runs them: one
// slot asked for by 20 visitors at once is booked exactly once.
let postgres: Postgres;
test.beforeAll(async () => {
  postgres = await startPostgres();
});
test.afterAll(() => postgres.stop());

test("20 concurrent bookings of one slot on two servers: exactly one succeeds, the others are told", async () => {
  test.setTimeout(120_000);
  const calendar = await startCalendarServer();
  const database = await postgres.createDatabase();
  const env = {
    DATABASE_URL: database,
    ...calendar.settings,
    // Every request comes from 127.0.0.1: the rate limit would otherwise refuse most of them.
    RATE_LIMIT_MAX: "100",
    // Every request comes from one client: no booking may be held for confirmation here.
    BOOKING_DIRECT_PER_NETWORK_PER_DAY: "100",
    BOOKING_DIRECT_PER_DAY: "100",
  };
  const sites = await Promise.all([startSite(env), startSite(env)]);
  try {
    const slot = String(Date.parse("2027-03-29T07:00:00Z"));
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const site = sites[i % 2]!;
        const response = await postForm(site.url, "/en/book", {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.es`,
          company: "",
          topic: "A first call",
          slot,
        });
        return {
          status: response.status,
          body: (await response.json()) as {
            status: string;
            reason?: string;
            alternatives?: { start: number }[];
          },
        };
      }),
    );
    const booked = answers.filter((answer) => answer.body.status === "booked");
    const told = answers.filter((answer) => answer.body.reason === "taken");
    expect(booked).toHaveLength(1);
    expect(told).toHaveLength(19);
    for (const answer of told) {
      expect(answer.status).toBe(409);
      // The next free slots, none of them the one taken.
      expect(answer.body.alternatives?.length).toBe(3);
      expect(answer.body.alternatives?.map((next) => next.start)).not.toContain(Number(slot));
    }
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        "SELECT count(*) FROM bookings WHERE status = 'booked' AND start_at = $1",
        [slot],
      );
      expect(Number(rows[0]?.count)).toBe(1);
      // Its two invitations are queued, and no others.
      const mails = await client.query("SELECT recipient FROM mails");
      expect(mails.rowCount).toBe(2);
    } finally {
      await client.end();
    }
  } finally {
    await Promise.all(sites.map((site) => site.stop()));
    await calendar.close();
  }
});
