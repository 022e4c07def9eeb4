import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The closing band of a build made with BOOKING_OFFERED (vite.config.ts puts it in
 * import.meta.env), in English: the modules are loaded again so that they read the setting.
 */
async function renderBand(offered: "true" | "false") {
  vi.stubEnv("BOOKING_OFFERED", offered);
  vi.resetModules();
  const { I18nextProvider } = await import("react-i18next");
  const { CtaBand } = await import("#app/components/cta-band.tsx");
  const { catalogue } = await import("#app/i18n/catalogues.server.ts");
  const { createI18n } = await import("#app/i18n/i18n.ts");
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en", catalogue("en"))}>
      <CtaBand />
    </I18nextProvider>,
  );
}

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)];

describe("the closing band", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("in a build that offers booking: book a call, or write", async () => {
    const found = links(await renderBand("true"));
    expect(found.map(([, href]) => href)).toEqual(["/en/book", "/en/contact"]);
    expect(found[0]?.[2]).toContain("Book a call");
  });

  it("in a build without booking: one way, the contact form, named as such", async () => {
    const found = links(await renderBand("false"));
    expect(found.map(([, href]) => href)).toEqual(["/en/contact"]);
    expect(found[0]?.[2]).toContain("Get in touch");
  });
});
