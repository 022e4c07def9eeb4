import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingToolLines, tools } from "#scripts/check-tools.ts";

describe("system tool check", () => {
  it("names each missing tool on one line with the Debian package that installs it", () => {
    const tool = (name: string, present: boolean) => ({
      name,
      debianPackage: `${name}-pkg`,
      present: () => present,
      usedBy: "a test",
    });
    expect(missingToolLines([tool("a", true), tool("b", false), tool("c", false)])).toEqual([
      "b is missing (a test): apt-get install -y b-pkg",
      "c is missing (a test): apt-get install -y c-pkg",
    ]);
    expect(missingToolLines([tool("a", true)])).toEqual([]);
  });

  it("asks only for packages that CI installs on a fresh machine (.ci/run)", () => {
    const ci = readFileSync(".ci/run", "utf8");
    for (const { debianPackage } of tools) expect(ci).toContain(`missing+=(${debianPackage})`);
  });
});
