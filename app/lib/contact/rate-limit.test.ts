import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("rate limiter", () => {
  it("allows max hits per window per key, then refuses until the window slides", () => {
    const limiter = createRateLimiter({ max: 5, windowMs: 600_000 });
    for (let i = 0; i < 5; i++) expect(limiter.tryConsume("1.2.3.4", 1000 + i)).toBe(true);
    expect(limiter.tryConsume("1.2.3.4", 2000)).toBe(false);
    expect(limiter.tryConsume("5.6.7.8", 2000)).toBe(true);
    expect(limiter.tryConsume("1.2.3.4", 1000 + 600_000)).toBe(true);
  });

  it("forgets keys whose hits have expired", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 10 });
    limiter.tryConsume("a", 0);
    limiter.tryConsume("b", 0);
    expect(limiter.size).toBe(2);
    limiter.sweep(100);
    expect(limiter.size).toBe(0);
  });
});
