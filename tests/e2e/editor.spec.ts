// The editor at /admin with this server's backend (CMS_BACKEND=server) in Chromium, on the
// production build: the owner, invited and enrolled with a passkey, opens it from the panel
// and saves; each save is a commit in a real git repository, authored by them.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { enrol } from "#tests/support/passkeys.ts";
import { startSite, type Site } from "#tests/support/site.ts";
import { expect, test } from "#tests/e2e/support.ts";

const owner = "owner@example.com";
const loopbackSite = "http://localhost";

/** A bare repository holding this project's committed files: the site's source. */
function sourceRepository() {
  const dir = mkdtempSync(path.join(tmpdir(), "editor-source-"));
  const source = path.join(dir, "source.git");
  const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  execFileSync("git", [
    "clone",
    "--quiet",
    "--bare",
    "--depth=1",
    `file://${process.cwd()}`,
    source,
  ]);
  execFileSync("git", ["--git-dir", source, "update-ref", "refs/heads/main", head]);
  return source;
}

test.use({
  locale: "es-ES",
  timezoneId: "Europe/Madrid",
  allowedConsoleErrors: [/status of (401|403|409)/],
});

let site: Site;
let source: string;
let origin: string;
test.beforeEach(async () => {
  source = sourceRepository();
  site = await startSite({
    SITE_URL: loopbackSite,
    CMS_BACKEND: "server",
    CMS_SOURCE_REPOSITORY: source,
    CMS_WORK_DIR: path.join(path.dirname(source), "work"),
  });
  origin = `http://localhost:${site.port}`;
});
test.afterEach(async () => {
  await site.stop();
});

/** Opens a page text's entry in the editor, changes the home page's headline, saves. */
async function saveHeadline(page: Page, lang: "es" | "ca" | "en", headline: string) {
  const language = { es: "español", ca: "catalán", en: "inglés" }[lang];
  // A fresh start of the editor: moving from an entry to another of the same name in another
  // collection by its address alone keeps the first one's draft in Decap CMS 3.16.
  await page.goto("about:blank");
  await page.goto(`${origin}/admin#/collections/texts-${lang}/entries/home`);
  // The entry of that language, loaded: the link back to its collection, the button that says
  // there is nothing to save yet.
  await expect(
    page.getByRole("link", {
      name: `Escribiendo en la colección Textos de las páginas en ${language}`,
    }),
  ).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("button", { name: "Publicado" })).toBeVisible({ timeout: 90_000 });
  // The page's title comes first ("Pestaña del navegador y buscadores"), then the headline
  // ("Cabecera de la portada"): both are a "Título".
  await page.getByRole("textbox", { name: "Título" }).nth(1).fill(headline);
  // The notice of an earlier save gone first, so the one awaited below is this save's.
  await expect(page.getByRole("alert")).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole("button", { name: "Publicar" }).click();
  await page.getByRole("menuitem", { name: "Publicar ahora" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Entrada guardada" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("button", { name: "Publicado" })).toBeVisible();
}

/** Fails the test on any request the page makes to another origin. */
function watchOrigins(page: Page) {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!/^(data|blob):/.test(url) && new URL(url).origin !== origin) foreign.push(url);
  });
  return foreign;
}

const sourceFile = (file: string) =>
  execFileSync("git", ["--git-dir", source, "show", `main:${file}`], { encoding: "utf8" });
const authors = (count: number) =>
  execFileSync("git", ["--git-dir", source, "log", `-${count}`, "--format=%ae %s", "main"], {
    encoding: "utf8",
  })
    .trim()
    .split("\n");

test("the owner edits the site from the panel: each save a commit of theirs; another person's too", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const foreign = watchOrigins(page);
  await enrol(page, site, origin, owner);
  await page.getByRole("link", { name: "Editar la web" }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole("link", { name: "Textos de las páginas en español" })).toBeVisible({
    timeout: 60_000,
  });
  await saveHeadline(page, "es", "Menos papeleo para tu empresa");
  await saveHeadline(page, "ca", "Menys paperassa per a la teva empresa");
  expect(JSON.parse(sourceFile("content/locales/es/home.json"))).toMatchObject({
    hero: { title: "Menos papeleo para tu empresa" },
  });
  expect(JSON.parse(sourceFile("content/locales/ca/home.json"))).toMatchObject({
    hero: { title: "Menys paperassa per a la teva empresa" },
  });
  expect(authors(2)).toEqual([
    `${owner} Contenido: cambia Textos de las páginas en catalán «home»`,
    `${owner} Contenido: cambia Textos de las páginas en español «home»`,
  ]);

  // A second person, at the same time, saves another entry: both land.
  const context = await browser.newContext({ locale: "es-ES" });
  const second = await context.newPage();
  const foreignToo = watchOrigins(second);
  await enrol(second, site, origin, "second@example.com");
  await saveHeadline(second, "en", "Less paperwork for your company");
  expect(authors(1)).toEqual([
    "second@example.com Contenido: cambia Textos de las páginas en inglés «home»",
  ]);
  expect(JSON.parse(sourceFile("content/locales/es/home.json"))).toMatchObject({
    hero: { title: "Menos papeleo para tu empresa" },
  });
  await context.close();
  expect([...foreign, ...foreignToo]).toEqual([]);
});

test("without a session every editor address answers 401; a cross-site post with the owner's cookie is refused", async ({
  page,
}) => {
  test.setTimeout(180_000);
  for (const address of [
    "/admin",
    "/admin/config.json",
    "/admin/session.json",
    "/admin/assets/none.js",
  ]) {
    expect((await fetch(`${site.url}${address}`)).status, address).toBe(401);
  }
  const post = (headers: Record<string, string>) =>
    fetch(`${site.url}/admin/api/v1`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({
        action: "getMedia",
        params: { branch: "main", mediaFolder: "public/images/uploads" },
      }),
    });
  expect((await post({})).status).toBe(401);
  const page401 = await (await fetch(`${site.url}/admin`)).text();
  expect(page401).toContain('href="/panel"');

  await enrol(page, site, origin, owner);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const { token } = (await (
    await fetch(`${site.url}/admin/session.json`, { headers: { cookie } })
  ).json()) as { token: string };
  // The same request from the editor's page goes through…
  expect((await post({ cookie, origin: site.url, "x-panel-token": token })).status).toBe(200);
  // …from another site, or without the session's token, it does not.
  const crossSite = await post({ cookie, origin: "https://evil.example", "x-panel-token": token });
  expect(crossSite.status).toBe(403);
  const noToken = await post({ cookie, origin: site.url });
  expect(noToken.status).toBe(403);
  expect(await noToken.json()).toMatchObject({
    error: expect.stringMatching(/^Petición rechazada/),
  });
});
