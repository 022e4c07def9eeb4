import { createHmac } from "node:crypto";
import { isIP, isIPv4, isIPv6 } from "node:net";

/**
 * The part of a client address that identifies one client: an IPv4 address as it is, an
 * IPv6 address by its /64 network (one subscriber usually gets a whole /64, so counting per
 * /128 would give a fresh budget per address), an IPv4-mapped IPv6 address as the IPv4 one.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The address a request counts as for the rate limit: `forwarded` (Express's `req.ip`: from
 * a trusted proxy, the address it passed on) when it is an IP address, else the socket's.
 * A proxy may pass on whatever the client wrote in X-Forwarded-For (a hop count trusts it as
 * it comes), and every made-up value ("unknown", "a1", "a2"…) would be a new client with a
 * budget of its own; the socket's address (the proxy's) then counts them together.
 */
export function rateLimitAddress(forwarded: string | undefined, socket: string | undefined) {
  if (forwarded && isIP(forwarded)) return forwarded;
  return socket ?? "unknown";
}

type RateLimitStore = {
  secret: string;
  hit(key: string, now: number, windowMs: number): Promise<{ hits: number; resetAt: number }>;
};

export type RateLimitDecision = { allowed: boolean; headers: Record<string, string> };

/**
 * Fixed-window limit per client, counted in the database so every server shares it.
 * Hand-written rather than express-rate-limit: the limit applies inside the contact
 * action, after validation (invalid submissions do not count), not as Express middleware.
 * The database keeps only a keyed hash of the client's network, with the end of its window;
 * expired rows are deleted by the sweep.
 */
export function createRateLimiter(
  store: RateLimitStore,
  {
    max,
    windowMs,
    scope = "",
    now: clock = Date.now,
  }: {
    max: number;
    windowMs: number;
    /** What is counted, when not the form posts of a client: keeps the budgets' keys apart. */
    scope?: string;
    /** The clock (milliseconds). */
    now?: () => number;
  },
) {
  const windowSeconds = Math.ceil(windowMs / 1000);
  return {
    /** Counts one submission for the client; `allowed: false` means "too many". */
    async consume(clientAddress: string): Promise<RateLimitDecision> {
      const now = clock();
      const key = createHmac("sha256", store.secret)
        .update(`${scope}${clientNetwork(clientAddress)}`)
        .digest("base64url");
      const { hits, resetAt } = await store.hit(key, now, windowMs);
      const reset = Math.max(1, Math.ceil((resetAt - now) / 1000));
      const allowed = hits <= max;
      // The IETF RateLimit header fields, draft 7 (as express-rate-limit's "draft-7").
      const headers: Record<string, string> = {
        "RateLimit-Policy": `${max};w=${windowSeconds}`,
        RateLimit: `limit=${max}, remaining=${Math.max(0, max - hits)}, reset=${reset}`,
      };
      if (!allowed) headers["Retry-After"] = String(reset);
      return { allowed, headers };
    },
  };
}
