import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markupOf, routeStylesOf, trimPageStyles, trimStylesheets } from "#scripts/page-styles.ts";

const sheet = [
  "@layer base{*,:after,:before{box-sizing:border-box}textarea{resize:vertical}h1,h2{font-weight:800}::placeholder{opacity:1}}",
  "@layer utilities{.mt-2{margin-top:.5rem}.mt-6{margin-top:1.5rem}",
  "@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:grid{display:grid}}",
  ".group-open\\:rotate-180:is(:where(.group):is([open]) *){rotate:180deg}",
  ".shadow-card{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-shadow)}}",
  '@property --tw-shadow{syntax:"*";inherits:false}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  ":root{--brand:#0a5c99;--unused:red;--chain:var(--brand)}",
  ".menu:popover-open{display:block}",
].join("");

const trim = (html: string) => trimStylesheets([sheet], markupOf(html))[0]!;

describe("trimStylesheets", () => {
  const css = trim('<h1 class="mt-2 sm:flex group shadow-card menu">Hi</h1>');

  it("keeps the utilities the page uses and drops the others", () => {
    expect(css).toContain(".mt-2{");
    expect(css).toContain(".sm\\:flex{");
    expect(css).not.toContain(".mt-6");
    expect(css).not.toContain(".sm\\:grid");
  });

  it("keeps a utility when any class its selector names is used", () => {
    expect(css).toContain(".group-open\\:rotate-180");
  });

  it("keeps every rule outside the utilities", () => {
    expect(css).toContain(".menu:popover-open{display:block}");
  });

  it("keeps reset rules for the page's elements only, form-field parts only with a field", () => {
    expect(css).toContain("*,:after,:before{box-sizing:border-box}");
    expect(css).toContain("h1{font-weight:800}");
    expect(css).not.toContain("textarea");
    expect(css).not.toContain("::placeholder");
    const form = trim("<form><textarea></textarea></form>");
    expect(form).toContain("textarea{resize:vertical}");
    expect(form).toContain("::placeholder{opacity:1}");
  });

  it("drops custom properties and @property rules nothing refers to, following chains", () => {
    expect(css).toContain("@property --tw-shadow");
    expect(css).not.toContain("@property --tw-blur");
    expect(css).not.toContain("--unused");
    // --chain refers to --brand, but nothing refers to --chain: both go, in two passes.
    expect(css).not.toContain("--chain");
    expect(css).not.toContain("--brand");
    expect(trim("<p>plain</p>")).not.toContain("--tw-shadow");
  });
});

describe("trimStylesheets with scripts", () => {
  const css = trimStylesheets([sheet], {
    classes: new Set(),
    elements: new Set(),
    scripts: 'a="not-mt-2-here";b=`x\\nsm:flex ${c}`;d=["shadow-card"]',
  })[0]!;

  it("keeps the classes a script names whole, after an escape too", () => {
    expect(css).toContain(".sm\\:flex{");
    expect(css).toContain(".shadow-card{");
  });

  it("drops a class that only appears inside a longer word", () => {
    expect(css).not.toContain(".mt-2{");
  });
});

describe("trimPageStyles", () => {
  const page = (body: string, script = "") =>
    `<!doctype html><html><head><style>${sheet}</style>${script}</head><body>${body}</body></html>`;

  it("rewrites the page's inline stylesheet", () => {
    const html = trimPageStyles(page('<p class="mt-6">x</p>'), "");
    expect(html).toContain(".mt-6{");
    expect(html).not.toContain(".mt-2{");
  });

  it("keeps, on a page with an island, the utilities its scripts name and the whole reset", () => {
    const html = page('<p class="mt-6">x</p>', '<script type="module">import("/x.js")</script>');
    const trimmed = trimPageStyles(html, 'className:"sm:grid shadow-card"');
    expect(trimmed).toContain(".mt-6{");
    expect(trimmed).toContain(".sm\\:grid{");
    expect(trimmed).toContain(".shadow-card{");
    expect(trimmed).not.toContain(".mt-2{");
    expect(trimmed).toContain("textarea{resize:vertical}");
    expect(trimmed).toContain("::placeholder{opacity:1}");
    // Without the island's scripts, the same markup would lose them.
    expect(
      trimPageStyles(
        html.replace('<script type="module">import("/x.js")</script>', ""),
        'className:"sm:grid"',
      ),
    ).not.toContain(".sm\\:grid{");
  });
});

describe("routeStylesOf", () => {
  // A client build in miniature: the entry imports an island's chunk when it finds one, the
  // root route renders the layout, two routes share the root, one of them shares a component.
  const clientDir = mkdtempSync(path.join(tmpdir(), "route-styles-"));
  mkdirSync(path.join(clientDir, "assets"));
  const scripts = {
    "entry.client-a.js": 'const d=["assets/picker-b.js"];import("./react-c.js");',
    "picker-b.js": 'e("div",{className:"sm:grid"})',
    "react-c.js": "export const react=1;",
    "root-d.js": 'e("body",{className:"mt-2"})',
    "book-e.js": 'import{Card}from"./card-f.js";',
    "card-f.js": 'e("div",{className:"shadow-card"})',
    "about-g.js": 'e("p",{className:"mt-6"})',
  };
  for (const [name, text] of Object.entries(scripts)) {
    writeFileSync(path.join(clientDir, "assets", name), text);
  }
  const styles = routeStylesOf(
    clientDir,
    {
      version: "v1",
      entry: { module: "/assets/entry.client-a.js", imports: ["/assets/react-c.js"] },
      routes: {
        root: { module: "/assets/root-d.js", hasDefaultExport: true },
        "es/book": { module: "/assets/book-e.js", parentId: "root", hasDefaultExport: true },
        "en/book": { module: "/assets/book-e.js", parentId: "root", hasDefaultExport: true },
        "es/about": { module: "/assets/about-g.js", parentId: "root", hasDefaultExport: true },
        "es/feed": { module: "/assets/feed-h.js", parentId: "root", hasDefaultExport: false },
      },
    },
    sheet,
  );
  const of = (id: string) => styles.sheets[styles.routes[id]!]!;

  it("keeps the classes of the route, its imports, its parents and the islands' chunks", () => {
    const css = of("es/book");
    expect(css).toContain(".shadow-card{");
    expect(css).toContain(".mt-2{");
    expect(css).toContain(".sm\\:grid{");
    expect(css).not.toContain(".mt-6");
    expect(of("es/about")).toContain(".mt-6{");
    expect(of("es/about")).not.toContain(".shadow-card");
  });

  it("keeps the whole reset: a page rendered per request may show any element", () => {
    expect(of("es/book")).toContain("textarea{resize:vertical}");
  });

  it("shares one sheet between the routes of one module, and skips routes without a page", () => {
    expect(styles.routes["es/book"]).toBe(styles.routes["en/book"]);
    expect(styles.routes).not.toHaveProperty("es/feed");
    expect(styles.version).toBe("v1");
    expect(styles.whole).toBe(sheet);
  });
});
