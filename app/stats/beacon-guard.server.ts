// Which beacons may count. Anyone can post one (`/api/view` needs no page), so each client
// gets a budget, and a page the browser prerendered counts once per client and path in a
// window: without this, one client added 27,517 visits in 3 seconds. Both limits are the
// contact form's fixed-window limiter (app/limits/rate-limit.server.ts: keyed hash of the
// client, IPv6 by /64) on a store in this process's memory rather than the database: a
// beacon must not cost a database write, and counts are per process anyway.
import { randomBytes } from "node:crypto";
import { clientNetwork, createRateLimiter } from "#app/limits/rate-limit.server.ts";

/**
 * Beacons one client may count per window. In `STATS=beacon` mode every page view is one:
 * 120 in 10 minutes is a page every 5 seconds, more than a person reads, while a few people
 * behind one address (an office) stay within it.
 */
export const beaconsPerClient = { max: 120, windowMs: 10 * 60_000 };
/** A speculated page counts once per client and path in this window (a visit's length). */
export const speculatedWindowMs = 10 * 60_000;
/**
 * Clients (or client and path pairs) remembered at once: about 100 bytes each. Past it the
 * oldest window is forgotten early, so memory stays bounded whatever the number of clients.
 */
const maxEntries = 10_000;

/** The limiter's store in memory: a keyed hash per window, never an address. */
function memoryStore() {
  // In the order the windows started, which is the order they end (all have one length).
  const windows = new Map<string, { hits: number; resetAt: number }>();
  return {
    // A fresh secret per process: the hashes mean nothing outside it.
    secret: randomBytes(32).toString("base64url"),
    async hit(key: string, now: number, windowMs: number) {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.delete(key);
        for (const [oldest, { resetAt }] of windows) {
          if (resetAt > now && windows.size < maxEntries) break;
          windows.delete(oldest);
        }
        window = { hits: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.hits += 1;
      return { hits: window.hits, resetAt: window.resetAt };
    },
  };
}

export function createBeaconGuard({ now = Date.now }: { now?: () => number } = {}) {
  const perClient = createRateLimiter(memoryStore(), { ...beaconsPerClient, now });
  const perPage = createRateLimiter(memoryStore(), {
    max: 1,
    windowMs: speculatedWindowMs,
    now,
  });
  return {
    /**
     * Whether a beacon from `clientAddress` for `path` may count: within the client's budget
     * and, for a speculated page, the first of this client and path in the window.
     */
    async admit(clientAddress: string, path: string, speculated: boolean): Promise<boolean> {
      if (!(await perClient.consume(clientAddress)).allowed) return false;
      if (!speculated) return true;
      // The limiter hashes whatever it is given; the network comes first so that every
      // address of one IPv6 /64 is one client here too.
      return (await perPage.consume(`${clientNetwork(clientAddress)} ${path}`)).allowed;
    },
  };
}
