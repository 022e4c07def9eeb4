import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The header of a build made with BOOKING_OFFERED, on `path` (the modules read the setting again). */
async function renderHeader(offered: "true" | "false", path: string) {
  vi.stubEnv("BOOKING_OFFERED", offered);
  vi.resetModules();
  const { createRoutesStub } = await import("react-router");
  const { I18nextProvider } = await import("react-i18next");
  const { SiteHeader } = await import("#app/components/site-header.tsx");
  const { catalogue } = await import("#app/i18n/catalogues.server.ts");
  const { createI18n } = await import("#app/i18n/i18n.ts");
  const Stub = createRoutesStub([{ path: "*", Component: SiteHeader }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en", catalogue("en"))}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const callToAction = (html: string) => /<a [^>]*data-header-cta[^>]*>/.exec(html)?.[0] ?? "";

describe("the header's call to action", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("leads to the booking page in a build that offers booking, marked current there", async () => {
    expect(callToAction(await renderHeader("true", "/en/services"))).toContain('href="/en/book"');
    const own = callToAction(await renderHeader("true", "/en/book"));
    expect(own).toContain('aria-current="page"');
    expect(own).not.toContain("invisible");
  });

  it("leads to the contact page in a build without booking", async () => {
    expect(callToAction(await renderHeader("false", "/en/services"))).toContain(
      'href="/en/contact"',
    );
  });
});
