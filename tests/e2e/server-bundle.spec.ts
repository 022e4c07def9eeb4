// The production install has the dependencies only (npm ci --omit=dev: the container image, a
// release of npm run deploy): the server bundle must import nothing else. The container test
// finds this too, but minutes later and only where Podman runs; this reads the built bundle.
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { expect, test } from "@playwright/test";

const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
};

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

test("the server bundle imports only the production dependencies and Node's own modules", () => {
  const bundle = readFileSync(
    path.join(process.env.BUILD_DIR ?? "build", "server/index.js"),
    "utf8",
  );
  const specifiers = [
    ...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$/gm),
    ...bundle.matchAll(/^import\s*"([^"]+)";?$/gm),
    ...bundle.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((match) => match[1]!);
  // The bundle does import packages: a pattern that found none would prove nothing.
  expect(specifiers).toContain("react-router");
  const outside = [
    ...new Set(
      specifiers
        .filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("node:"))
        .map(packageOf)
        .filter((name) => !builtinModules.includes(name) && !(name in packageJson.dependencies)),
    ),
  ];
  expect(outside, "packages the server imports that a production install lacks").toEqual([]);
});
