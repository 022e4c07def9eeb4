// A copy of the project (its tracked and new files, beside its installed packages), built and
// served once, for what needs other content than the project's own:
// - The test content (tests/fixtures/): articles on a day between their dates (the published
//   article is everywhere, the draft and the one dated after the build day nowhere — not as a
//   page, not in the list, the feed or the sitemap), case studies and people. The project's own
//   content/ ships no case studies and no people: the site the other tests run shows nothing of
//   them, which a test here checks.
// - A language is data: the copy gets a throw-away one — its catalogue and its entry in
//   content/languages.json, nothing else. The new language then has its URLs, its switcher
//   button, its hreflang and og:locale, its sitemap entries and its name in the owner's visit
//   report, like the shipped ones.
// - A collection is a definition, a page, its texts and its content folder: the copy gets one
//   ("industries", the sectors the company works for, a page each under the services page) in
//   those four files alone, and its pages are routed, prerendered, in the sitemap and edited.
// One build for all: a build is the most expensive step of a test here.
import { execFile, execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
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
import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { languageName } from "#app/i18n/language-name.ts";
import { expect, expectNoAxeViolations, test, translator } from "#tests/e2e/support.ts";
import { startSite, tempDatabasePath, type Site } from "#tests/support/site.ts";
import { desktopUserAgent } from "#tests/support/stats.ts";

const testContent = {
  INSIGHTS_DIR: "tests/fixtures/insights",
  CASE_STUDIES_DIR: "tests/fixtures/case-studies",
  PEOPLE_DIR: "tests/fixtures/people",
  // After the published sample (2026-01-15), before the future one (2026-06-01).
  INSIGHTS_NOW: "2026-03-01T12:00:00Z",
};

const code = "fr";
const frenchTitle = "Votre partenaire technologique à Majorque";
const switcherName = `${languageName(code)}, ${code.toUpperCase()}`;

let copy: string;
let site: Site;
const databasePath = tempDatabasePath();
const run = promisify(execFile);

// In one worker, so the copy is built once, and in order: the last test stops the site to read
// its report.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = mkdtempSync(path.join(tmpdir(), "site-copy-"));
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
  addIndustries(copy);

  // The two steps the README gives for a language: the catalogue (a copy of the Spanish
  // folder, translated), and the entry.
  cpSync("content/locales/es", path.join(copy, `content/locales/${code}`), { recursive: true });
  const home = path.join(copy, `content/locales/${code}/home.json`);
  const homeTexts = JSON.parse(readFileSync(home, "utf8"));
  homeTexts.hero.title = frenchTitle;
  writeFileSync(home, JSON.stringify(homeTexts, null, 2));
  writeFileSync(
    path.join(copy, `content/locales/${code}/company.json`),
    JSON.stringify({ inRegion: "aux îles Baléares" }),
  );
  const list = JSON.parse(readFileSync("content/languages.json", "utf8"));
  list.languages.push({ code, locale: "fr-FR", published: true });
  writeFileSync(path.join(copy, "content/languages.json"), JSON.stringify(list, null, 2));

  await run(process.execPath, ["node_modules/.bin/react-router", "build"], {
    cwd: copy,
    env: { ...process.env, ...testContent, VITE_PUBLISHED_LANGUAGES: "" },
    maxBuffer: 64 * 1024 * 1024,
  });
  site = await startSite({ DATABASE_PATH: databasePath }, { cwd: copy });
});

/**
 * The four files of a new collection, in the copy: its definition (in the definitions' file),
 * its page's route module, its texts (the Spanish catalogue's part; the page's texts fall back
 * on nothing, so a language without the part shows its key) and its content folder.
 */
function addIndustries(root: string) {
  const definitions = path.join(root, "app/content/definitions.server.ts");
  writeFileSync(
    definitions,
    readFileSync(definitions, "utf8")
      .replace('import type { z } from "zod";', 'import { z } from "zod";')
      .replace(
        "export const contentCollections: readonly Collection[] = [",
        `const industries = defineCollection({
  kind: "folder",
  name: "industries",
  label: "Sectores",
  folder: "content/industries",
  schema: z.strictObject({
    title: z.string().min(3).meta({ title: "Sector" }),
    slug: z.string().regex(/^[a-z0-9-]+$/).meta({ title: "Dirección" }),
    summary: z.string().min(1).meta({ title: "Qué hacemos en él" }),
  }),
  translated: ["title", "slug", "summary"],
  markdown: ["summary"],
  body: "Texto",
  site: { list: "services", entry: { id: "industry", module: "routes/industry.tsx" } },
});

export const contentCollections: readonly Collection[] = [
  industries,`,
      ),
  );
  writeFileSync(
    path.join(root, "app/routes/industry.tsx"),
    `import { data } from "react-router";
import { collectionEntries } from "virtual:collection-entries";
import { useLocale } from "#app/i18n/use-locale.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";

export function loader({ request, params }: { request: Request; params: { slug?: string } }) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  const entry = collectionEntries.industries?.find(
    (found) => found.lang === lang && found.slug === params.slug,
  );
  if (!entry) throw data(null, { status: 404 });
  return { entry };
}

export default function Industry({
  loaderData: { entry },
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  const { t } = useLocale();
  return (
    <article>
      <title>{String(entry.matter.title)}</title>
      <h1>{String(entry.matter.title)}</h1>
      <div dangerouslySetInnerHTML={{ __html: String(entry.matter.summary) }} />
      <div dangerouslySetInnerHTML={{ __html: entry.html }} />
      <p>{t("industries.more" as never)}</p>
    </article>
  );
}
`,
  );
  writeFileSync(
    path.join(root, "content/locales/es/industries.json"),
    JSON.stringify({ more: "Pregúntenos por su sector" }),
  );
  for (const [lang, title, slug, summary, body] of [
    ["es", "Hostelería", "hosteleria", "Reservas y **pedidos** sin teclear", "Hoteles de la isla."],
    [
      "en",
      "Hospitality",
      "hospitality",
      "Bookings and **orders**, untyped",
      "The island's hotels.",
    ],
  ] as const) {
    const file = path.join(root, `content/industries/hosteleria/index.${lang}.md`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      ["---", `title: ${title}`, `slug: ${slug}`, `summary: ${summary}`, "---", "", body, ""].join(
        "\n",
      ),
    );
  }
}

test.afterAll(async () => {
  await site?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test("drafts and articles dated after the build day are in no page, list, feed or sitemap", async ({
  request,
}) => {
  const get = async (url: string) => {
    const response = await request.get(`${site.url}${url}`);
    return { status: response.status(), body: await response.text() };
  };
  const published = { slug: "articulo-de-prueba", title: "Artículo de prueba con imagen" };
  const hidden = [
    { slug: "borrador-de-prueba", title: "Borrador que no se publica" },
    { slug: "articulo-futuro", title: "Artículo con fecha futura" },
  ];

  expect((await get(`/insights/${published.slug}`)).status).toBe(200);
  for (const { slug } of hidden) expect((await get(`/insights/${slug}`)).status, slug).toBe(404);

  const list = (await get("/insights")).body;
  expect(list).toContain(published.title);
  for (const { title } of hidden) expect(list).not.toContain(title);

  const feed = (await get("/insights/feed.xml")).body;
  const entries = [new XMLParser().parse(feed).feed.entry as { title: string; id: string }].flat();
  expect(entries.map((entry) => entry.title)).toEqual([published.title]);
  for (const entry of entries) expect((await get(new URL(entry.id).pathname)).status).toBe(200);

  const sitemap = (await get("/sitemap.xml")).body;
  expect(sitemap).toContain(`/insights/${published.slug}</loc>`);
  for (const { slug } of hidden) expect(sitemap).not.toContain(slug);
});

test("a collection added in four files has its pages, prerendered, in the sitemap and the editor", async ({
  page,
  request,
}) => {
  for (const file of ["services/hosteleria", "en/services/hospitality"])
    expect(existsSync(path.join(copy, "build/client", file, "index.html")), file).toBe(true);

  await page.goto(`${site.url}/services/hosteleria`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hostelería");
  await expect(page.getByRole("strong").filter({ hasText: "pedidos" })).toBeVisible();
  await expect(page.getByText("Hoteles de la isla.")).toBeVisible();
  await expect(page.getByText("Pregúntenos por su sector")).toBeVisible();
  await page.goto(`${site.url}/en/services/hospitality`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hospitality");
  // Written in Spanish and English only: no Catalan page, and no page for a slug of another language.
  for (const missing of ["/ca/services/hosteleria", "/en/services/hosteleria"])
    expect((await request.get(`${site.url}${missing}`)).status(), missing).toBe(404);

  const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
  const entry = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)]
    .map((match) => match[1]!)
    .find((found) => found.includes("/services/hosteleria</loc>"));
  expect(entry).toContain('hreflang="en" href="https://');
  expect(entry).toContain('/en/services/hospitality"/>');

  const editor = (await (await request.get(`${site.url}/admin/config.json`)).json()) as {
    collections: { name: string; label: string; folder?: string; fields?: { name: string }[] }[];
  };
  expect(editor.collections.find((collection) => collection.name === "industries")).toMatchObject({
    label: "Sectores",
    folder: "content/industries",
    fields: [{ name: "title" }, { name: "slug" }, { name: "summary" }, { name: "body" }],
  });
});

const es = translator("es");
const en = translator("en");
const caseStudy = {
  es: { path: "/case-studies/caso-de-prueba", title: "Caso de prueba de automatización" },
  en: { path: "/en/case-studies/test-case-study", title: "Automation test case study" },
  draft: { path: "/case-studies/caso-borrador", title: "Borrador de caso que no se publica" },
};
const ana = "Ana Ferrer (persona de prueba)";
const marc = "Marc Vidal (persona de prueba)";

/** The hreflang alternates in a page's head, as [language, URL path]. */
const alternatesOf = (page: Page) =>
  page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => [
        link.getAttribute("hreflang"),
        new URL(link.getAttribute("href") ?? "").pathname,
      ]),
    );

test.describe("case studies and people, with entries", () => {
  test("the case studies have their list and pages, linked from the menu and the footer", async ({
    page,
  }) => {
    await page.goto(`${site.url}/`);
    const nav = page.getByRole("navigation", { name: es("nav.label") });
    await expect(nav.getByRole("link", { name: es("nav.caseStudies") })).toHaveAttribute(
      "href",
      "/case-studies",
    );
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: es("nav.caseStudies") }),
    ).toHaveAttribute("href", "/case-studies");

    await nav.getByRole("link", { name: es("nav.caseStudies") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(es("caseStudies.title"));
    await expect(page.getByRole("link", { name: caseStudy.draft.title })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: caseStudy.es.title }).click();
    await expect(page).toHaveURL(`${site.url}${caseStudy.es.path}`);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(caseStudy.es.title);
    await expect(page.getByText("Sector de prueba (distribución)")).toBeVisible();
    for (const part of ["challenge", "approach", "result"] as const)
      await expect(page.getByRole("heading", { name: es(`caseStudies.${part}`) })).toBeVisible();
    await expect(page.getByRole("strong").filter({ hasText: "pedidos" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "−40 %" })).toBeVisible();
    await expect(page.getByRole("blockquote")).toHaveText("Una cita de prueba del cliente.");
    const services = page.getByRole("region", { name: es("caseStudies.services") });
    await expect(services.getByRole("link")).toHaveText([
      es("services.items.consulting.title"),
      es("services.items.automation.title"),
    ]);
    expect(await alternatesOf(page)).toEqual([
      ["es", caseStudy.es.path],
      ["en", caseStudy.en.path],
      ["x-default", caseStudy.es.path],
    ]);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page, "colours");
    await page.emulateMedia({ colorScheme: "light" });

    // The English page: its own text; Catalan has none, and the switcher leads to its list.
    await page.goto(`${site.url}${caseStudy.en.path}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(caseStudy.en.title);
    await expect(page.getByRole("heading", { name: en("caseStudies.challenge") })).toBeVisible();
    await expect(page.locator('a[hreflang="ca"]')).toHaveAttribute("href", "/ca/case-studies");
    await page.goto(`${site.url}/ca/case-studies`);
    await expect(page.getByText(translator("ca")("caseStudies.empty"))).toBeVisible();

    const response = await page.request.get(`${site.url}${caseStudy.draft.path}`);
    expect(response.status()).toBe(404);
  });

  test("the case studies are in the sitemap, with their translations as alternates", async ({
    request,
  }) => {
    const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    const entry = (path: string) => entries.find((found) => found.includes(`${path}</loc>`));
    for (const path of ["/case-studies", "/en/case-studies", "/ca/case-studies"])
      expect(entry(path), path).toBeDefined();
    for (const { path } of [caseStudy.es, caseStudy.en]) {
      expect(entry(path), path).toContain(`hreflang="es" href="https://`);
      expect(entry(path)).toContain(`${caseStudy.en.path}"/>`);
      expect(entry(path)).toContain("<lastmod>2026-02-01</lastmod>");
    }
    expect(sitemap).not.toContain("caso-borrador");
  });

  test("the people are the team on About, answer on contact and sign their articles", async ({
    page,
  }) => {
    await page.goto(`${site.url}/about`);
    const team = page.getByRole("region", { name: es("about.team.title") });
    await expect(team.getByRole("heading", { level: 3 })).toHaveText([ana, marc]);
    await expect(team.getByText("Consultora de procesos")).toBeVisible();
    await expect(
      team.getByRole("link", { name: es("people.profile", { name: ana }) }),
    ).toHaveAttribute("href", "https://www.linkedin.com/in/ejemplo-de-prueba");
    // The photo: cropped square at build, served from the site itself.
    const photo = team.locator("img").first();
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveJSProperty("complete", true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
      await photo.evaluate((img: HTMLImageElement) => img.naturalHeight),
    );
    expect(new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).origin).toBe(
      site.url,
    );
    await expectNoAxeViolations(page);

    // In English: the English role, and Spanish (so marked) where no translation exists.
    await page.goto(`${site.url}/en/about`);
    const enTeam = page.getByRole("region", { name: en("about.team.title") });
    await expect(enTeam.getByText("Process consultant")).toBeVisible();
    await expect(enTeam.getByText("Desarrollador")).toHaveAttribute("lang", "es");

    await page.goto(`${site.url}/contact`);
    const answering = page.getByRole("region", { name: es("contact.people.title") });
    await expect(answering.getByRole("heading", { level: 3 })).toHaveText([ana]);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page, "colours");

    await page.goto(`${site.url}/insights/articulo-de-prueba`);
    await expect(page.getByRole("article")).toContainText(`${es("people.byline")} ${ana}`);
    await page.goto(`${site.url}/en/insights/test-article`);
    await expect(page.getByRole("article")).toContainText(`${en("people.byline")} ${ana}`);
  });
});

test.describe("case studies and people, shipped empty", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("nothing of them shows and no link leads to them", async ({ page, request }) => {
    for (const path of ["/", "/about", "/contact", "/en", "/insights"]) {
      await page.goto(path);
      await expect(page.locator('a[href*="case-studies"]'), path).toHaveCount(0);
      await expect(page.getByRole("link", { name: es("nav.caseStudies") })).toHaveCount(0);
    }
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: es("about.team.title") })).toHaveCount(0);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: es("contact.people.title") })).toHaveCount(0);
    expect((await request.get("/case-studies")).status()).toBe(404);
    expect((await request.get("/en/case-studies")).status()).toBe(404);
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain("case-studies");
  });
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
  // The report speaks Spanish unless told otherwise (--lang).
  expect(stdout).toContain(languageName(code, "es"));
});
