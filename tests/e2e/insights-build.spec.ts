// A build of the test articles (tests/fixtures/insights) on a day between their dates: the
// published article is everywhere, the draft and the one dated after the build day nowhere —
// not as a page, not in the list, the feed or the sitemap.
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { XMLParser } from "fast-xml-parser";
import { startSite, type Site } from "#tests/support/site.ts";
import { expect, test } from "#tests/e2e/support.ts";

// Inside the project, where the server build finds its packages.
const buildDir = "build-insights-fixtures";
const fixtureEnv = {
  BUILD_DIR: buildDir,
  INSIGHTS_DIR: "tests/fixtures/insights",
  // After the published sample (2026-01-15), before the future one (2026-06-01).
  INSIGHTS_NOW: "2026-03-01T12:00:00Z",
};

let site: Site;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(buildDir, { recursive: true, force: true });
  await promisify(execFile)(process.execPath, ["node_modules/.bin/react-router", "build"], {
    env: { ...process.env, ...fixtureEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  site = await startSite({ BUILD_DIR: buildDir });
});

test.afterAll(async () => {
  await site?.stop();
  rmSync(buildDir, { recursive: true, force: true });
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
