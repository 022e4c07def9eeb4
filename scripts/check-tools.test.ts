import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { installPlan, missingToolLines } from "#scripts/check-tools.ts";

const debian = { root: false, sudoWithoutPassword: false, aptGet: true };

describe("system tool check", () => {
  it("names each missing tool on one line with the Debian package that brings it", () => {
    const tool = (name: string, present: boolean) => ({
      name,
      debianPackage: `${name}-pkg`,
      present: () => present,
      usedBy: "a test",
    });
    expect(missingToolLines([tool("a", true), tool("b", false), tool("c", false)])).toEqual([
      "b is missing (a test): Debian package b-pkg",
      "c is missing (a test): Debian package c-pkg",
    ]);
    expect(missingToolLines([tool("a", true)])).toEqual([]);
  });

  it("installs nothing when nothing is missing, whoever runs it", () => {
    expect(installPlan([], { ...debian, root: true })).toEqual({ kind: "nothing" });
  });

  it("as root: refreshes the package lists, then installs each missing package once, without questions", () => {
    expect(installPlan(["nginx", "git", "nginx"], { ...debian, root: true })).toEqual({
      kind: "install",
      commands: [
        ["apt-get", "update", "-q"],
        ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q", "git", "nginx"],
      ],
    });
  });

  it("as a user whom sudo lets in without a password: the same through sudo -n, which never prompts", () => {
    const plan = installPlan(["git"], { ...debian, sudoWithoutPassword: true });
    expect(plan).toEqual({
      kind: "install",
      commands: [
        ["sudo", "-n", "apt-get", "update", "-q"],
        [
          "sudo",
          "-n",
          "env",
          "DEBIAN_FRONTEND=noninteractive",
          "apt-get",
          "install",
          "-y",
          "-q",
          "git",
        ],
      ],
    });
  });

  it("otherwise it installs nothing and says the one command to run", () => {
    expect(installPlan(["postgresql", "git"], debian)).toEqual({
      kind: "ask",
      instruction: "Run: sudo apt-get update && sudo apt-get install -y git postgresql",
    });
    // Root without apt-get (not Debian): what to install, in this system's own way.
    expect(installPlan(["git"], { root: true, sudoWithoutPassword: true, aptGet: false })).toEqual({
      kind: "ask",
      instruction: "Install these Debian packages, or their equivalents on this system: git",
    });
  });

  it("CI runs the README's test line and nothing else (npm test installs what it needs)", () => {
    const readme = readFileSync("README.md", "utf8");
    const testLine = /^(npm install && npm test)\s+#/m.exec(readme)?.[1];
    expect(testLine).toBe("npm install && npm test");
    const commands = readFileSync(".ci/run", "utf8")
      .split("\n")
      .filter(
        (line) =>
          line && !line.startsWith("#") && !line.startsWith("set ") && !line.startsWith("cd "),
      );
    expect(commands).toEqual([testLine]);
    // npm test checks (and installs) the tools first.
    const scripts = (
      JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.test).toMatch(/npm run check:tools && /);
    expect(scripts["check:tools"]).toBe("node scripts/check-tools.ts");
  });
});
