import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRelease } from "#server/release.ts";

const dir = () => mkdtempSync(path.join(tmpdir(), "site-release-"));

describe("readRelease", () => {
  it("reads the commit and times a deploy wrote", () => {
    const release = dir();
    const written = {
      commit: "0123456789abcdef0123456789abcdef01234567",
      committedAt: "2026-11-26T20:00:00+01:00",
      builtAt: "2026-11-26T19:05:00.000Z",
    };
    writeFileSync(path.join(release, "release.json"), JSON.stringify(written));
    expect(readRelease(release)).toEqual(written);
  });

  it("is null for a folder no deploy made, or a file that is not a release's", () => {
    expect(readRelease(dir())).toBeNull();
    const other = dir();
    writeFileSync(path.join(other, "release.json"), JSON.stringify({ commit: "main" }));
    expect(readRelease(other)).toBeNull();
  });
});
