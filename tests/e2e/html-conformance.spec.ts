// Every page the site serves, checked by the W3C's Nu Html Checker (the `vnu-jar` package,
// run by the system's Java). Its CSS parser predates @property, color-mix(), view
// transitions and Tailwind 4's output, so its "CSS:" messages about valid modern CSS are
// left out, and only those.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { contactSentPath, publishedLanguages } from "#app/routing/paths.ts";
import { expect, test } from "#tests/e2e/support.ts";

const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar")),
  "build/dist/vnu.jar",
);

/** The HTML files of a build: every prerendered page. */
const builtPages = (buildDir: string) =>
  readdirSync(path.join(buildDir, "client"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("index.html"))
    .map((file) => path.join(buildDir, "client", file));

test("every page is valid HTML", async ({ request }) => {
  test.setTimeout(120_000);
  // Pages the server renders per request: the 404 page and the contact form's "sent" page.
  const dir = mkdtempSync(path.join(tmpdir(), "site-html-"));
  const rendered = await Promise.all(
    ["/no-such-page", "/en/no-such-page", ...publishedLanguages().map(contactSentPath)].map(
      async (url, index) => {
        const file = path.join(dir, `page-${index}.html`);
        writeFileSync(file, await (await request.get(url)).text());
        return file;
      },
    ),
  );
  const files = [...builtPages("build"), ...builtPages("build-de"), ...rendered];
  expect(files.length).toBeGreaterThan(40);

  const { stdout, stderr } = await promisify(execFile)(
    "java",
    ["-jar", vnuJar, "--errors-only", "--exit-zero-always", "--format", "gnu", ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const errors = `${stdout}\n${stderr}`
    .split("\n")
    .filter((line) => line.includes(": error: ") && !line.includes(": error: CSS: "));
  expect(errors).toEqual([]);
});
