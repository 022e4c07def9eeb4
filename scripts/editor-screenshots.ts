// The pictures of docs/editing.md: the editor at /admin as the owner sees it (a Spanish-speaking
// browser), on the trial backend, which opens on the site's own content and saves nothing.
//   npm run screenshots:editor      (after a build: npm run build)
// Writes docs/editing-*.png. Uses the production server and Debian's Chromium.
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "#tests/support/chromium.ts";
import { startSite } from "#tests/support/site.ts";

const docsDir = path.resolve("docs");
const site = await startSite({ CMS_BACKEND: "test-repo" });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

/** A picture once the editor's fades (its splash screen's among them) have finished. */
async function shot(page: Page, file: string) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  );
  await page.screenshot({ path: path.join(docsDir, file) });
}

/** A field of the Spanish pane, by the start of its label. */
const spanishField = (page: Page, label: string) =>
  page
    .getByRole("textbox", { name: new RegExp(`^\\W*${label}`) })
    .and(page.locator('[lang="es"]'))
    .first();

try {
  const context = await browser.newContext({
    locale: "es-ES",
    viewport: { width: 1440, height: 900 },
    colorScheme: "light",
  });
  const page = await context.newPage();
  await page.goto(`${site.url}/admin`);
  await page.getByRole("button", { name: "Trabajar con un repositorio de prueba" }).click();

  // The page texts: one entry per page or part of the site, named for the owner.
  await page.goto(`${site.url}/admin#/collections/texts`);
  await page.getByText("Portada — ").first().waitFor();
  await shot(page, "editing-text-pages.png");

  // The home page's texts, Spanish beside English, each field labelled in Spanish.
  await page.getByText("Portada — ").first().click();
  await spanishField(page, "Título").waitFor();
  // The right-hand pane opens on the preview: English there instead.
  await page
    .getByRole("toolbar", { name: "Secundario" })
    .last()
    .getByRole("radio", { name: /Inglés/ })
    .click();
  await page.locator('[lang="en"]').first().waitFor();
  await shot(page, "editing-texts.png");

  // A mistyped e-mail in the company's facts: refused, with what to write instead.
  await page.goto(`${site.url}/admin#/collections/site/entries/company`);
  const email = page.getByRole("textbox", { name: "Correo electrónico" });
  await email.fill("hola@@isladigital");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await page.getByText("Escriba un correo como nombre@empresa.es").waitFor();
  await email.scrollIntoViewIfNeeded();
  await shot(page, "editing-company.png");

  // A new article, its Spanish labels and hints; its folder will be its title without accents.
  await page.goto(`${site.url}/admin#/collections/insights/new`);
  await spanishField(page, "Título").click();
  await spanishField(page, "Título").fill("Cinco señales de que tu pyme ya necesita automatizar");
  await spanishField(page, "Resumen").fill(
    "Cinco pistas para saber si el trabajo manual ya le cuesta a tu empresa más de lo que crees.",
  );
  await spanishField(page, "Dirección").fill("cinco-senales");
  await spanishField(page, "Fecha de publicación").fill("2026-11-20");
  await shot(page, "editing-article.png");
  await context.close();
} finally {
  await browser.close();
  await site.stop();
}
console.log(`editor screenshots in ${docsDir}`);
