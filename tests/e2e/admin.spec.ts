// The content editor at /admin, as the owner uses it: under its own policy, on a server whose
// editor saves in the browser (CMS_BACKEND=test-repo) instead of to a git host. It opens on
// the project's own content files, changes a text in Spanish and in English, a company fact
// and an article, adds a person and a case study, edits a legal text, saves, and the files it
// writes are what the build accepts.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { VFile } from "vfile";
import { matter as readMatter } from "vfile-matter";
import type { Browser, Page } from "@playwright/test";
import { languages, siteConfig } from "#app/config/site.ts";
import { languageProblems } from "#app/content/check.server.ts";
import { loadCaseStudies, loadPeople } from "#app/content/collections.server.ts";
import { renderLegalText, writtenLanguages } from "#app/content/legal/texts.server.ts";
import { bookingSchema, companySchema, servicesSchema } from "#app/content/schema.ts";
import { catalogueProblems } from "#app/i18n/catalogues.server.ts";
import { loadInsights } from "#app/insights/content.server.ts";
import { parseFrontMatter } from "#app/insights/front-matter.ts";
import { renderMarkdown } from "#app/insights/markdown.server.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { expect, test } from "#tests/e2e/support.ts";
import { startSite, type Site } from "#tests/support/site.ts";

let site: Site;

/** A Markdown file's front matter and text, read as the build reads them. */
function matter(source: string) {
  const file = new VFile(source);
  readMatter(file, { strip: true });
  return { data: file.data.matter as Record<string, unknown>, content: String(file.value) };
}

test.beforeAll(async () => {
  site = await startSite({ CMS_BACKEND: "test-repo" });
});

test.afterAll(async () => {
  await site?.stop();
});

/** The files the editor works on, as the repository has them. */
function contentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync("content", { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[file] = readFileSync(file, "utf8");
  }
  return files;
}

/** The test repository is the browser's private storage: it starts with the project's files. */
async function seed(page: Page, files: Record<string, string>) {
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    for (const [file, text] of Object.entries(files)) {
      let folder = await root.getDirectoryHandle("sveltia-cms-test", { create: true });
      const parts = file.split("/");
      for (const part of parts.slice(0, -1)) {
        folder = await folder.getDirectoryHandle(part, { create: true });
      }
      const writable = await (
        await folder.getFileHandle(parts.at(-1) ?? "", { create: true })
      ).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);
}

/** A file as the editor saved it. */
function saved(page: Page, file: string): Promise<string> {
  return page.evaluate(async (file) => {
    let folder = await (
      await navigator.storage.getDirectory()
    ).getDirectoryHandle("sveltia-cms-test");
    const parts = file.split("/");
    for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part);
    return (await (await folder.getFileHandle(parts.at(-1) ?? "")).getFile()).text();
  }, file);
}

/** A binary file (an image) as the editor saved it. */
async function savedBytes(page: Page, file: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (file) => {
    let folder = await (
      await navigator.storage.getDirectory()
    ).getDirectoryHandle("sveltia-cms-test");
    const parts = file.split("/");
    for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part);
    const bytes = new Uint8Array(
      await (await (await folder.getFileHandle(parts.at(-1) ?? "")).getFile()).arrayBuffer(),
    );
    return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
  }, file);
  return Buffer.from(base64, "base64");
}

/**
 * Saves the entry; the editor confirms it (after the previous confirmation has gone). Saving
 * turns the rich-text body back into Markdown and writes every file of the entry. Once, on a
 * busy machine (a fresh clone's run, the container image building beside three workers), no
 * confirmation came within the usual 10 s, with no validation message shown; a slow save is
 * the likely cause, so the wait is longer here.
 */
async function save(page: Page) {
  const saved = page.getByText("Entrada guardada");
  await expect(saved).toHaveCount(0);
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(saved).toBeVisible({ timeout: 30_000 });
}

test("the owner edits texts in two languages, a company fact and an article, and the build accepts what is saved", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner's browser speaks Spanish: the editor's own texts are Spanish too.
  const context = await browser.newContext({ locale: "es-ES", baseURL: site.url });
  const page = await context.newPage();
  const offSite: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.hostname !== "127.0.0.1") {
      offSite.push(request.url());
    }
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });

  const response = await page.goto("/admin");
  expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-eval");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  const files = contentFiles();
  await seed(page, files);
  await page.reload();
  await page.getByRole("button", { name: "Trabajar con un repositorio de prueba" }).click();

  // A page text, in Spanish and in English, side by side: the header's menu is an entry of
  // its own, its fields labelled in Spanish.
  await page.goto("/admin#/collections/texts");
  await page.getByText("Menú y enlaces de la cabecera", { exact: false }).first().click();
  await expect(page).toHaveURL(/#\/collections\/texts\/entries\/nav$/);
  const spanishHome = page
    .getByRole("textbox", { name: "Inicio", exact: true })
    .and(page.locator('[lang="es"]'));
  await expect(spanishHome.first()).toHaveValue("Inicio");
  await spanishHome.first().fill("Portada");
  // The second pane shows another language beside the Spanish one.
  await page
    .getByRole("toolbar", { name: "Secundario" })
    .getByRole("radio", { name: "Inglés" })
    .first()
    .click();
  const englishHome = page
    .getByRole("textbox", { name: "Inicio", exact: true })
    .and(page.locator('[lang="en"]'));
  await expect(englishHome.first()).toHaveValue("Home");
  await englishHome.first().fill("Start");
  await save(page);

  const spanish = JSON.parse(files["content/locales/es/nav.json"] ?? "");
  const english = JSON.parse(files["content/locales/en/nav.json"] ?? "");
  spanish.home = "Portada";
  english.home = "Start";
  // The same keys in the same order, two-space indent: only the changed text differs, and
  // only the menu's files are written.
  expect(await saved(page, "content/locales/es/nav.json")).toBe(
    `${JSON.stringify(spanish, null, 2)}\n`,
  );
  expect(await saved(page, "content/locales/en/nav.json")).toBe(
    `${JSON.stringify(english, null, 2)}\n`,
  );
  expect(await saved(page, "content/locales/es/home.json")).toBe(
    files["content/locales/es/home.json"],
  );
  // The deploy's check of the catalogues, on the catalogues with the saved files.
  const locales = mkdtempSync(path.join(tmpdir(), "editor-locales-"));
  cpSync("content/locales", locales, { recursive: true });
  for (const lang of ["es", "en"])
    writeFileSync(
      path.join(locales, lang, "nav.json"),
      await saved(page, `content/locales/${lang}/nav.json`),
    );
  expect(catalogueProblems(languages, locales)).toEqual([]);

  // A company fact.
  await page.goto("/admin#/collections/site/entries/company");
  const email = page.getByRole("textbox", { name: "Correo electrónico" });
  await expect(email).toHaveValue(JSON.parse(files["content/company.json"] ?? "").email);
  await email.fill("equipo@isla.example");
  await save(page);
  const company = JSON.parse(await saved(page, "content/company.json"));
  expect(company).toEqual({
    ...JSON.parse(files["content/company.json"] ?? ""),
    email: "equipo@isla.example",
  });
  expect(companySchema.safeParse(company).success).toBe(true);

  // An article's Spanish title.
  const article = "content/insights/where-to-start-automating/index.es.md";
  await page.goto("/admin#/collections/insights");
  await page.getByText(String(matter(files[article] ?? "").data["title"])).click();
  const title = page
    .getByRole("textbox", { name: "Título", exact: true })
    .and(page.locator('[lang="es"]'));
  await expect(title.first()).toHaveValue(String(matter(files[article] ?? "").data["title"]));
  // The body's rich-text editor takes the focus once it has started, some time after it is
  // shown. Text typed into the title before then can land in the body: seen twice on a busy
  // machine, once as a title that kept its old value, once as a body that began with the new
  // title. So the title is typed once the body has taken the focus.
  await expect(page.locator('[data-lexical-editor="true"]').first()).toBeFocused();
  await title.first().fill("Por dónde empezar a automatizar: cuatro pasos para una pyme");
  await expect(title.first()).toHaveValue(
    "Por dónde empezar a automatizar: cuatro pasos para una pyme",
  );
  await save(page);
  // The editor writes Markdown its own way (table columns unpadded, …): the build reads the
  // saved file to the same article, but for the new title.
  const written = await renderMarkdown(article, await saved(page, article));
  const before = await renderMarkdown(article, files[article] ?? "");
  expect(written.html).toBe(before.html);
  expect(parseFrontMatter(article, written.data)).toEqual({
    ...parseFrontMatter(article, before.data),
    title: "Por dónde empezar a automatizar: cuatro pasos para una pyme",
  });

  expect(violations).toEqual([]);
  expect(offSite).toEqual([]);
  await context.close();
});

/** The editor opened on the project's files, in a Spanish-speaking browser. */
async function openEditor(browser: Browser) {
  const context = await browser.newContext({ locale: "es-ES", baseURL: site.url });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/admin");
  const files = contentFiles();
  await seed(page, files);
  await page.reload();
  await page.getByRole("button", { name: "Trabajar con un repositorio de prueba" }).click();
  return { context, page, files, violations };
}

/** A field of the Spanish pane, by its label. */
const spanishField = (page: Page, role: "textbox" | "spinbutton", label: string) =>
  page.getByRole(role, { name: new RegExp(`^\\W*${label}`) }).and(page.locator('[lang="es"]'));

/** Types into a Markdown field (a rich-text editor) of the Spanish pane. */
async function typeMarkdown(page: Page, label: string, text: string) {
  const group = page.getByRole("group", { name: new RegExp(label) });
  const editor = group
    .locator('[data-lexical-editor="true"][lang="es"]')
    .or(group.locator('[data-lexical-editor="true"]'));
  await editor.first().click();
  await page.keyboard.type(text);
}

/** Copies saved files into a folder of their own, as a collection the build reads. */
function asCollection(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "editor-saved-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A square-ish test photo, as a person would upload it. */
const photo = "tests/fixtures/people/ana-ferrer/photo.png";

test("the owner adds a person and a case study, and the build accepts what is saved", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, files, violations } = await openEditor(browser);

  await page.goto("/admin#/collections/people/new");
  await spanishField(page, "textbox", "Nombre").first().click();
  await spanishField(page, "textbox", "Nombre").first().fill("Laura Pons");
  await spanishField(page, "textbox", "Cargo").first().fill("Directora técnica");
  // Her photo, uploaded beside her texts.
  await page
    .getByRole("group", { name: /Foto/ })
    .first()
    .getByRole("button", { name: "Explorar" })
    .click();
  const images = page.getByRole("dialog", { name: "Seleccionar imagen" });
  const chooser = page.waitForEvent("filechooser");
  await images.getByRole("button", { name: "Subir" }).click();
  await (await chooser).setFiles(photo);
  await images.getByRole("button", { name: "Insertar" }).click();
  await spanishField(page, "textbox", "Perfil profesional")
    .first()
    .fill("https://www.linkedin.com/in/laura-pons");
  await typeMarkdown(page, "Biografía breve", "Diseña software para empresas de Mallorca.");
  await save(page);
  const person = await saved(page, "content/people/laura-pons/index.es.md");
  expect(matter(person).data["photo"]).toBe("photo.png");
  const uploaded = await savedBytes(page, "content/people/laura-pons/photo.png");
  expect(uploaded.equals(readFileSync(photo))).toBe(true);
  const { people } = await loadPeople({
    dir: asCollection({ "laura-pons/index.es.md": person, "laura-pons/photo.png": uploaded }),
    languages: ["es", "en"],
  });
  expect(people.es?.[0]?.photo?.src).toMatch(/^\/people\/images\//);
  expect(people.en?.[0]).toMatchObject({
    key: "laura-pons",
    name: "Laura Pons",
    role: "Directora técnica",
    profile: "https://www.linkedin.com/in/laura-pons",
    answersMessages: false,
  });
  expect(people.es?.[0]?.bio).toBe("<p>Diseña software para empresas de Mallorca.</p>");

  // She signs an article: the editor names her by her folder, as the build expects.
  const article = "content/insights/where-to-start-automating/index.es.md";
  await page.goto("/admin#/collections/insights");
  await page.getByText(String(matter(files[article] ?? "").data["title"])).click();
  await expect(page.locator('[data-lexical-editor="true"]').first()).toBeVisible();
  await page
    .getByRole("radiogroup", { name: /Autor/ })
    .first()
    .getByRole("radio", { name: /Laura Pons/ })
    .click();
  await save(page);
  const signed = await renderMarkdown(article, await saved(page, article));
  expect(parseFrontMatter(article, signed.data).author).toBe("laura-pons");

  await page.goto("/admin#/collections/caseStudies/new");
  await spanishField(page, "textbox", "Título").first().click();
  await spanishField(page, "textbox", "Título").first().fill("Pedidos sin teclear dos veces");
  await spanishField(page, "textbox", "Resumen")
    .first()
    .fill("Una distribuidora conecta su tienda con su programa de gestión.");
  await spanishField(page, "textbox", "Dirección").first().fill("pedidos-sin-teclear");
  await spanishField(page, "textbox", "Cliente o sector").first().fill("Distribución alimentaria");
  await spanishField(page, "textbox", "Fecha").first().fill("2026-01-20");
  await typeMarkdown(page, "El reto", "Cada pedido se tecleaba dos veces.");
  await typeMarkdown(page, "Cómo lo abordamos", "Conectamos la tienda con la gestión.");
  await typeMarkdown(page, "El resultado", "Los pedidos llegan solos.");
  await save(page);
  const caseStudy = await saved(
    page,
    "content/case-studies/pedidos-sin-teclear-dos-veces/index.es.md",
  );
  const { caseStudies } = await loadCaseStudies({
    dir: asCollection({ "pedidos-sin-teclear-dos-veces/index.es.md": caseStudy }),
    languages: ["es"],
    today: "2026-02-01",
  });
  expect(caseStudies).toMatchObject([
    {
      path: "/case-studies/pedidos-sin-teclear",
      title: "Pedidos sin teclear dos veces",
      client: "Distribución alimentaria",
      challenge: "<p>Cada pedido se tecleaba dos veces.</p>",
      figures: [],
      services: [],
    },
  ]);
  // The photo's upload included: nothing the editor's policy refuses.
  expect(violations).toEqual([]);
  await context.close();
});

test("the editor refuses what the build refuses, and names an accented entry's folder in ASCII", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, files, violations } = await openEditor(browser);

  // A mistyped company e-mail: the editor says why and does not save it.
  await page.goto("/admin#/collections/site/entries/company");
  const email = page.getByRole("textbox", { name: "Correo electrónico" });
  await expect(email).toHaveValue(JSON.parse(files["content/company.json"] ?? "").email);
  await email.fill("hola@@isladigital");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Escriba un correo como nombre@empresa.es")).toBeVisible();
  await expect(page.getByText("Entrada guardada")).toHaveCount(0);
  expect(await saved(page, "content/company.json")).toBe(files["content/company.json"]);

  // A case study titled with accents and capitals: its folder is plain ASCII, as the build
  // requires; a slug with capitals and spaces is refused until it is written as one.
  await page.goto("/admin#/collections/caseStudies/new");
  const title = "Facturación automática en una clínica de Inca";
  await spanishField(page, "textbox", "Título").first().click();
  await spanishField(page, "textbox", "Título").first().fill(title);
  await spanishField(page, "textbox", "Resumen")
    .first()
    .fill("Una clínica deja de teclear sus facturas una a una cada fin de mes.");
  await spanishField(page, "textbox", "Dirección").first().fill("Facturación Clínica");
  await spanishField(page, "textbox", "Cliente o sector").first().fill("Salud");
  await spanishField(page, "textbox", "Fecha").first().fill("2026-03-02");
  await typeMarkdown(page, "El reto", "Cada factura se tecleaba a mano.");
  await typeMarkdown(page, "Cómo lo abordamos", "Conectamos la agenda con la facturación.");
  await typeMarkdown(page, "El resultado", "Las facturas salen solas.");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Corrígelo para guardar la entrada");
  await expect(page.getByRole("radio", { name: /^\W*Español\W*\(error\)/ })).toBeVisible();
  await expect(page.getByText("Entrada guardada")).toHaveCount(0);
  await spanishField(page, "textbox", "Dirección").first().fill("facturacion-clinica");
  await save(page);
  const folder = "facturacion-automatica-en-una-clinica-de-inca";
  const caseStudy = await saved(page, `content/case-studies/${folder}/index.es.md`);
  const { caseStudies } = await loadCaseStudies({
    dir: asCollection({ [`${folder}/index.es.md`]: caseStudy }),
    languages: ["es"],
    today: "2026-04-01",
  });
  expect(caseStudies).toMatchObject([{ path: "/case-studies/facturacion-clinica", title }]);
  expect(violations).toEqual([]);
  await context.close();
});

test("an article and a person named with accents get plain folders; the editor refuses what the checks refuse", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, violations } = await openEditor(browser);

  // An article titled as the owner writes it, accents and all.
  await page.goto("/admin#/collections/insights/new");
  const title = "Cinco señales de que tu pyme ya necesita automatizar";
  await spanishField(page, "textbox", "Título").first().click();
  // Too short for a title (the build asks for 10 characters): refused before saving.
  await spanishField(page, "textbox", "Título").first().fill("Señales");
  await spanishField(page, "textbox", "Resumen")
    .first()
    .fill(
      "Cinco pistas para saber si el trabajo manual ya le cuesta a tu empresa más de lo que crees.",
    );
  await spanishField(page, "textbox", "Dirección").first().fill("cinco-senales");
  await spanishField(page, "textbox", "Fecha de publicación").first().fill("2026-11-20");
  // A new article's list of tags starts empty: one tag added, each checked as the build does.
  await page
    .getByRole("button", { name: /Agregar\W*Etiquetas/ })
    .first()
    .click();
  await page.getByRole("textbox", { name: "Etiquetas" }).first().fill("Automatización");
  await typeMarkdown(
    page,
    "Texto",
    "Si copias datos de un programa a otro cada día, es la primera.",
  );
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Corrígelo para guardar la entrada");
  await expect(page.getByText("Entrada guardada")).toHaveCount(0);
  await spanishField(page, "textbox", "Título").first().fill(title);
  await save(page);
  const articleFolder = "cinco-senales-de-que-tu-pyme-ya-necesita-automatizar";
  const article = await saved(page, `content/insights/${articleFolder}/index.es.md`);
  // The build's own reading of the saved folder: the same checks `npm run build` runs.
  const [published] = await loadInsights({
    dir: asCollection({ [`${articleFolder}/index.es.md`]: article }),
    people: asCollection({}),
    languages: ["es"],
    today: "2026-12-01",
  });
  expect(published).toMatchObject({ key: articleFolder, title, path: "/insights/cinco-senales" });

  // A person with an accented name; a profile address that is not https:// is refused.
  await page.goto("/admin#/collections/people/new");
  await spanishField(page, "textbox", "Nombre").first().click();
  await spanishField(page, "textbox", "Nombre").first().fill("José Nuñez");
  await spanishField(page, "textbox", "Cargo").first().fill("Consultor");
  await typeMarkdown(page, "Biografía breve", "Ayuda a las empresas a ordenar sus datos.");
  await spanishField(page, "textbox", "Perfil profesional").first().fill("linkedin.com/in/jose");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  // Refused: the address is the only field to mend, and once it is the entry saves.
  await expect(page.getByRole("alert")).toContainText("Corrígelo para guardar la entrada");
  await expect(page.getByText("Entrada guardada")).toHaveCount(0);
  await spanishField(page, "textbox", "Perfil profesional")
    .first()
    .fill("https://www.linkedin.com/in/jose");
  await save(page);
  const person = await saved(page, "content/people/jose-nunez/index.es.md");
  const { people } = await loadPeople({
    dir: asCollection({ "jose-nunez/index.es.md": person }),
    languages: ["es"],
  });
  expect(people.es).toMatchObject([{ key: "jose-nunez", name: "José Nuñez" }]);
  expect(violations).toEqual([]);
  await context.close();
});

test("the booking rules, the services and the languages: a wrong date or key is refused, what is saved passes the start-up check", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page, files, violations } = await openEditor(browser);

  // A day off written the Spanish way is refused; written as AAAA-MM-DD it is saved.
  await page.goto("/admin#/collections/site/entries/booking");

  // The list's items are drawn once they are scrolled to.
  await page
    .getByRole("group", { name: /Festivos/ })
    .first()
    .scrollIntoViewIfNeeded();
  const holiday = page.getByRole("textbox", { name: "Festivos" }).first();
  await expect(holiday).toHaveValue(JSON.parse(files["content/booking.json"] ?? "").holidays[0]);
  await holiday.fill("7/12/2026");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(
    page.getByText("Escriba la fecha como AAAA-MM-DD, por ejemplo 2026-11-27"),
  ).toBeVisible();
  await expect(page.getByText("Entrada guardada")).toHaveCount(0);
  await holiday.fill("2026-12-07");
  await save(page);
  const booking = JSON.parse(await saved(page, "content/booking.json"));
  expect(booking.holidays[0]).toBe("2026-12-07");
  expect(bookingSchema.safeParse(booking).success).toBe(true);

  // A service's key written as a word with an accent is refused (its texts are found by it);
  // whether it shows on the home page is saved.
  await page.goto("/admin#/collections/site/entries/services");
  const key = page.getByRole("textbox", { name: "Clave" }).first();
  const services = JSON.parse(files["content/services.json"] ?? "").services;
  await expect(key).toHaveValue(services[0].id);
  await key.fill("Consultoría");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText(/Formato no válido/).first()).toBeVisible();
  await expect(page.getByText("Entrada guardada")).toHaveCount(0);
  await key.fill(services[0].id);
  await page.getByRole("switch", { name: "En la portada" }).first().click();
  await save(page);
  const savedServices = JSON.parse(await saved(page, "content/services.json"));
  expect(savedServices.services[0]).toEqual({ ...services[0], featured: !services[0].featured });
  expect(servicesSchema.safeParse(savedServices).success).toBe(true);

  // Catalan taken off the site: the list as the start-up check reads it.
  await page.goto("/admin#/collections/site/entries/languages");
  // The list's items are drawn once they are scrolled to: down until Catalan's is.
  const codes = page.getByRole("textbox", { name: "Código" });
  await expect(async () => {
    await codes.last().scrollIntoViewIfNeeded();
    await expect(codes.nth(2)).toHaveValue("ca", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("switch", { name: "Publicado" }).nth(2).click();
  await save(page);
  const list = JSON.parse(await saved(page, "content/languages.json"));
  expect(list.languages.map((entry: { published: boolean }) => entry.published)).toEqual([
    true,
    true,
    false,
    false,
  ]);
  expect(languageProblems(list)).toEqual([]);
  expect(violations).toEqual([]);
  await context.close();
});

test("the owner edits a legal text, and the build renders what is saved", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, files, violations } = await openEditor(browser);
  const file = "content/legal/privacy/es.md";
  await page.goto("/admin#/collections/legal/entries/privacy");
  const added = "Este párrafo lo añade la empresa desde el editor.";
  const body = page.locator('[data-lexical-editor="true"]').first();
  await expect(body).toBeVisible();
  // The text as Markdown (the editor's own switch), a paragraph added at its end.
  await page
    .getByRole("group", { name: /Texto/ })
    .first()
    .getByRole("button", { name: "Editar en Markdown" })
    .click();
  const markdown = page.getByRole("group", { name: /Texto/ }).first().locator("textarea");
  await expect(markdown).toBeVisible();
  await markdown.fill(`${(await markdown.inputValue()).trimEnd()}\n\n${added}\n`);
  await save(page);
  const text = await saved(page, file);
  expect(text).toContain(added);
  const build = {
    siteUrl: siteConfig.siteUrl,
    publishedLanguages: publishedLanguages(),
    buildDate: "2026-03-09",
  };
  const written = writtenLanguages();
  const [before, after] = await Promise.all(
    [files[file] ?? "", text].map((source) => renderLegalText(file, source, "es", build, written)),
  );
  // The same text, its placeholders filled in, and the new paragraph at its end.
  expect(after).toBe(`${before}\n<p>${added}</p>`);
  expect(violations).toEqual([]);
  await context.close();
});

test("the trial editor opens on the site's own content, with nothing set up by hand", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "es-ES", baseURL: site.url });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("button", { name: "Trabajar con un repositorio de prueba" }).click();
  await page.goto("/admin#/collections/site/entries/company");
  await expect(page.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(
    JSON.parse(readFileSync("content/company.json", "utf8")).email,
  );
  await context.close();
});

test("the editor is not a page of the site: not in the sitemap, never framed, no other file under it", async ({
  request,
}) => {
  const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
  expect(sitemap).not.toContain("/admin");
  const admin = await request.get(`${site.url}/admin`);
  expect(admin.headers()["x-frame-options"]).toBe("DENY");
  expect(admin.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect((await request.get(`${site.url}/admin/no-such-file.js`)).status()).toBe(404);
  expect((await request.get(`${site.url}/admin/config.json`)).headers()["cache-control"]).toBe(
    "no-cache",
  );
});

test.describe("with no editor settings, as a fresh `npm start` gives", () => {
  let bare: Site;
  test.beforeAll(async () => {
    bare = await startSite();
  });
  test.afterAll(async () => {
    await bare?.stop();
  });

  test("on this machine the editor offers the project's folder; elsewhere a page names the missing setting", async ({
    browser,
  }) => {
    // Opened as the owner would on their own computer: the editor, with no configuration error.
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto(`${bare.url.replace("127.0.0.1", "localhost")}/admin`);
    await expect(page.getByRole("button", { name: /repositorio local/i })).toBeVisible();
    await expect(page.getByText(/configuración/i)).toHaveCount(0);
    await context.close();

    // Opened on the server's own name: which setting is missing, in Spanish and English.
    const answer = await new Promise<{ status?: number; body: string; csp?: string }>(
      (resolve, reject) => {
        const { port } = new URL(bare.url);
        get(
          { host: "127.0.0.1", port, path: "/admin", headers: { Host: "isla.example" } },
          (res) => {
            let body = "";
            res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
            res.on("end", () =>
              resolve({
                status: res.statusCode,
                body,
                csp: String(res.headers["content-security-policy"]),
              }),
            );
          },
        ).on("error", reject);
      },
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toContain("El editor aún no está configurado");
    expect(answer.body).toContain("The editor is not set up yet");
    expect(answer.body).toContain("CMS_REPO");
    expect(answer.csp).toContain("script-src 'self'");
  });
});
