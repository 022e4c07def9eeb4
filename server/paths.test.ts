import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalisePath, splitTarget } from "#server/paths.ts";

describe("normalisePath", () => {
  it("serves canonical paths as they are", () => {
    expect(normalisePath("/")).toEqual({ kind: "serve", path: "/" });
    expect(normalisePath("/en/about")).toEqual({ kind: "serve", path: "/en/about" });
    expect(normalisePath("/caf%C3%A9")).toEqual({ kind: "serve", path: "/café" });
  });

  it("redirects trailing slashes, repeated slashes and index.html to one URL", () => {
    expect(normalisePath("/about/")).toEqual({ kind: "redirect", location: "/about" });
    expect(normalisePath("/en//about///")).toEqual({ kind: "redirect", location: "/en/about" });
    expect(normalisePath("/index.html")).toEqual({ kind: "redirect", location: "/" });
    expect(normalisePath("/en/index.html")).toEqual({ kind: "redirect", location: "/en" });
    expect(normalisePath("//")).toEqual({ kind: "redirect", location: "/" });
    expect(normalisePath("/index.html/")).toEqual({ kind: "redirect", location: "/" });
    expect(normalisePath("/en/index.html/index.html//")).toEqual({
      kind: "redirect",
      location: "/en",
    });
  });

  it("never sends a visitor to another host", () => {
    for (const raw of [
      "//evil.example/",
      "///evil.example/",
      "//evil.example",
      "/%2F%2Fevil.example/",
      "/%2f/evil.example",
      "//%2Fevil.example//",
    ]) {
      expect(normalisePath(raw), raw).toEqual({ kind: "redirect", location: "/evil.example" });
    }
    for (const raw of ["/\\evil.example/", "/%5Cevil.example/", "/\\/evil.example", "/%5C%5Cx"]) {
      expect(normalisePath(raw), raw).toEqual({ kind: "invalid" });
    }
  });

  it("decodes percent-encoding exactly once", () => {
    expect(normalisePath("/%61bout")).toEqual({ kind: "redirect", location: "/about" });
    expect(normalisePath("/%2561bout")).toEqual({ kind: "serve", path: "/%61bout" });
    expect(normalisePath("/caf%c3%a9")).toEqual({ kind: "redirect", location: "/caf%C3%A9" });
    expect(normalisePath("/a%3Fb%23c")).toEqual({ kind: "serve", path: "/a?b#c" });
  });

  it("answers invalid encodings and control characters with a verdict, not a throw", () => {
    for (const raw of ["/%E0%A4%A", "/en/%", "/%zz", "/%00", "/a%0D%0ALocation:x", "/é", "a"]) {
      expect(normalisePath(raw), raw).toEqual({ kind: "invalid" });
    }
  });

  it("takes time linear in the path's length (no backtracking)", () => {
    const slashes = "/".repeat(1 << 20) + "a";
    expect(normalisePath(slashes)).toEqual({ kind: "redirect", location: "/a" });
    expect(normalisePath("/" + "%2F".repeat(1 << 18) + "a/")).toEqual({
      kind: "redirect",
      location: "/a",
    });
  });

  it("is stable: a redirect's target is served as it is, and is a path on this site", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            "/",
            "a",
            "%2F",
            "%61",
            "%",
            "\\",
            "?",
            "%3F",
            "index.html",
            "é",
            ".",
            "%25",
          ),
          {
            maxLength: 12,
          },
        ),
        (parts) => {
          const raw = "/" + parts.join("");
          const verdict = normalisePath(raw);
          if (verdict.kind !== "redirect") return;
          expect(verdict.location).toMatch(/^\/(?![/\\])/);
          expect(verdict.location).not.toContain("\\");
          expect(normalisePath(verdict.location).kind).toBe("serve");
        },
      ),
    );
  });
});

describe("splitTarget", () => {
  it("keeps the query string with its question mark", () => {
    expect(splitTarget("/a?b=1&c")).toEqual({ pathname: "/a", search: "?b=1&c" });
    expect(splitTarget("/a")).toEqual({ pathname: "/a", search: "" });
  });
});
