import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { Engagement } from "#app/components/engagement.tsx";
import { LatestInsights } from "#app/components/latest-insights.tsx";
import { siteConfig } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import type { ArticleSummary } from "#app/insights/article-model.ts";
import type { ReactNode } from "react";

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en", catalogue("en"))}>{node}</I18nextProvider>,
  );

describe("the engagement section", () => {
  const shipped = structuredClone(siteConfig.practice);
  afterEach(() => {
    siteConfig.practice = structuredClone(shipped);
  });

  it("shows no price and no duration the content data does not state", () => {
    siteConfig.practice.engagementTerms.fixedPrice = { priceFrom: 0, typicalWeeks: 0 };
    const html = render(<Engagement />);
    expect(html).toContain("Fixed-price project");
    expect(html).not.toContain("data-terms");
    expect(html).not.toContain("€");
  });

  it("shows the price and the duration the content data states, for the models offered", () => {
    siteConfig.practice.engagementModels = ["fixedPrice", "retainer"];
    siteConfig.practice.engagementTerms.fixedPrice = { priceFrom: 4500, typicalWeeks: 6 };
    const html = render(<Engagement />);
    expect(html).toContain("From €4,500 per project");
    expect(html).toContain("Usually takes 6 weeks");
    expect(html).not.toContain("Time and materials");
    expect(html.match(/data-terms/g)).toHaveLength(1);
  });
});

describe("the home page's newest articles", () => {
  it("renders nothing while the language has no article", () => {
    expect(render(<LatestInsights articles={[]} />)).toBe("");
  });

  it("links each article", () => {
    const article = {
      path: "/en/insights/a-note",
      title: "A note",
      description: "What it says.",
      date: "2026-11-20",
      lang: "en",
      tags: ["Automation"],
      readingMinutes: 4,
    } as ArticleSummary;
    const html = render(<LatestInsights articles={[article]} />);
    expect(html).toContain('href="/en/insights/a-note"');
    expect(html).toContain("What we have written lately");
  });
});
