/**
 * Per-client sliding-window limit, kept in memory: client addresses are never written to
 * disk (the privacy policy says so) and are forgotten when their window passes.
 */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const hits = new Map<string, number[]>();

  function recent(key: string, now: number): number[] {
    const kept = (hits.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length) hits.set(key, kept);
    else hits.delete(key);
    return kept;
  }

  return {
    /** Counts one hit for `key` unless it is over the limit; false means "too many". */
    tryConsume(key: string, now = Date.now()): boolean {
      const kept = recent(key, now);
      if (kept.length >= max) return false;
      hits.set(key, [...kept, now]);
      return true;
    },
    /** Drops expired entries; run now and then so memory stays bounded. */
    sweep(now = Date.now()) {
      for (const key of hits.keys()) recent(key, now);
    },
    get size() {
      return hits.size;
    },
  };
}
