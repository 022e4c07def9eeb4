// A language is data: a copy of the project gets a throw-away one — its catalogue and its
// entry in content/languages.json, nothing else — and is built and served. The new language
// then has its URLs, its switcher button, its hreflang and og:locale, its sitemap entries
// and its name in the owner's visit report, like the shipped ones.
import { execFile, execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { languageName } from "#app/i18n/language-name.ts";
import { expect, test } from "#tests/e2e/support.ts";
import { startSite, tempDatabasePath, type Site } from "#tests/support/site.ts";
import { desktopUserAgent } from "#tests/support/stats.ts";

const code = "fr";
const frenchTitle = "Votre partenaire technologique à Majorque";
const switcherName = `${languageName(code)}, ${code.toUpperCase()}`;

let copy: string;
let site: Site;
const databasePath = tempDatabasePath();
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The project as it stands (tracked and new files), beside its installed packages.
  copy = mkdtempSync(path.join(tmpdir(), "site-new-language-"));
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(file, path.join(copy, file), { errorOnExist: false, force: true });
  }
  symlinkSync(path.resolve("node_modules"), path.join(copy, "node_modules"));

  // The two steps the README gives: the catalogue, and the entry.
  const messages = JSON.parse(readFileSync("content/locales/es.json", "utf8"));
  messages.home.hero.title = frenchTitle;
  messages.company.inRegion = "aux îles Baléares";
  writeFileSync(path.join(copy, `content/locales/${code}.json`), JSON.stringify(messages, null, 2));
  const list = JSON.parse(readFileSync("content/languages.json", "utf8"));
  list.languages.push({ code, locale: "fr-FR", published: true });
  writeFileSync(path.join(copy, "content/languages.json"), JSON.stringify(list, null, 2));

  await run(process.execPath, ["node_modules/.bin/react-router", "build"], {
    cwd: copy,
    env: { ...process.env, VITE_PUBLISHED_LANGUAGES: "" },
    maxBuffer: 64 * 1024 * 1024,
  });
  site = await startSite({ DATABASE_PATH: databasePath }, { cwd: copy });
});

test.afterAll(async () => {
  await site?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test("a language added as a catalogue and a list entry is served, offered, linked and in the sitemap", async ({
  request,
}) => {
  const home = await request.get(`${site.url}/${code}`);
  expect(home.status()).toBe(200);
  const html = await home.text();
  expect(html).toContain(`<html lang="${code}"`);
  expect(html).toContain(frenchTitle);
  expect(html).toContain('<meta property="og:locale" content="fr_FR"');
  for (const page of ["about", "services", "contact", "insights", "privacy"]) {
    expect((await request.get(`${site.url}/${code}/${page}`)).status(), page).toBe(200);
  }
  // German is listed but still not published.
  expect((await request.get(`${site.url}/de`)).status()).toBe(404);

  const spanish = await (await request.get(`${site.url}/about`)).text();
  expect(spanish).toMatch(
    new RegExp(`<link rel="alternate" hrefLang="${code}" href="[^"]*/${code}/about"`, "i"),
  );
  expect(spanish).toContain('<meta property="og:locale:alternate" content="fr_FR"');

  const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/${code}/contact</loc>`));
  expect((await request.get(`${site.url}/${code}/insights/feed.xml`)).status()).toBe(200);
});

test("a visitor switches to it, and the owner's report names it", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: desktopUserAgent, baseURL: site.url });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: switcherName }).first().click();
  await expect(page).toHaveURL(`${site.url}/${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(frenchTitle);
  await context.close();

  // A graceful stop writes the counts kept in memory.
  expect(await site.stop()).toBe(0);
  const { stdout } = await run(process.execPath, ["scripts/stats.ts"], {
    cwd: copy,
    env: { ...process.env, DATABASE_PATH: databasePath },
  });
  expect(stdout).toContain(languageName(code, "en"));
});
