import { describe, expect, it } from "vitest";
import { jsonAnswer, wantsJson } from "#app/contact/endpoint.server.ts";

const post = (accept?: string) =>
  new Request("http://localhost/en/contact", {
    method: "POST",
    headers: accept === undefined ? {} : { accept },
  });

describe("wantsJson", () => {
  it("is true for the form's script, which asks for JSON", () => {
    expect(wantsJson(post("application/json"))).toBe(true);
    expect(wantsJson(post("application/json, text/plain;q=0.5"))).toBe(true);
  });

  it("is false for a browser's form submission, a client that asks for anything, or none", () => {
    const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for (const accept of [browser, "*/*", "", undefined, "text/html, application/json"]) {
      expect(wantsJson(post(accept)), String(accept)).toBe(false);
    }
  });

  it("follows the client's preference when it names both", () => {
    expect(wantsJson(post("text/html;q=0.5, application/json"))).toBe(true);
  });
});

describe("jsonAnswer", () => {
  it("sends the result with the submission's status and headers, not to be stored", async () => {
    const response = jsonAnswer({
      status: 429,
      result: { status: "failed", reason: "rateLimited" },
      headers: { "Retry-After": "60" },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("retry-after")).toBe("60");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "failed", reason: "rateLimited" });
  });
});
