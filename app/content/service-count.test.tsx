import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { EngagementSummary } from "#app/components/engagement.tsx";
import { languages, siteConfig, type Language } from "#app/config/site.ts";
import { services, type Service } from "#app/content/service-list.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import Services from "#app/routes/services.tsx";

// Texts that count something in the content data take the number from it: the README's
// recipe for a new service adds it to content/services.json, and no text should still say seven.

function render(lang: Language, Page: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang, catalogue(lang))}>
      <Stub />
    </I18nextProvider>,
  );
}

/** The services page's lead paragraph, as a visitor reads it. */
const lead = (lang: Language) =>
  /<header[^>]*>[\s\S]*?<p[^>]*>([^<]*)<\/p>/.exec(render(lang, Services))?.[1];

/** The services as content/services.json holds them (the module's data, not a copy). */
const data = services as Service[];
const shipped = [...data];
const shippedModels = [...siteConfig.practice.engagementModels];
afterEach(() => {
  data.splice(0, data.length, ...shipped);
  siteConfig.practice.engagementModels = [...shippedModels];
});

describe("texts that count the content", () => {
  it("the services page counts the services in every language: an 8th changes every text", () => {
    expect(shipped).toHaveLength(7);
    const before = new Map(languages.map((lang) => [lang, lead(lang)]));
    data.push({ id: "training" as Service["id"], icon: "🎓", brand: "lab", featured: false });
    for (const lang of languages) {
      const text = lead(lang);
      const t = createI18n(lang, catalogue(lang)).t;
      expect(before.get(lang)).toBe(t("services.lead", { count: 7 }));
      expect(text).toBe(t("services.lead", { count: 8 }));
      expect(text).toContain("8");
      expect(text).not.toContain("7");
    }
  });

  it("the home page's ways of working are counted from those the company offers", () => {
    for (const lang of languages) {
      siteConfig.practice.engagementModels = [...shippedModels];
      const t = createI18n(lang, catalogue(lang)).t;
      const three = render(lang, () => <EngagementSummary />);
      expect(three).toContain(`>${t("home.engagement.title", { count: 3 })}<`);
      siteConfig.practice.engagementModels = ["fixedPrice", "retainer"];
      const two = render(lang, () => <EngagementSummary />);
      expect(two).toContain(`>${t("home.engagement.title", { count: 2 })}<`);
      expect(two).not.toContain(t("home.engagement.title", { count: 3 }));
    }
  });
});
