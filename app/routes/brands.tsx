import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { BrandPanel, type BrandId } from "#app/components/brand-mark.tsx";
import { CtaBand } from "#app/components/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { ArrowLink } from "#app/components/ui/arrow-link.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { siteConfig } from "#app/config/site.ts";
import { services } from "#app/content/service-list.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

const focusAreas = ["bots", "workflows", "genai", "webapps"] as const;

/**
 * One brand, in its panel with its own mark and rule; its `id` is the anchor the home page links
 * to. It ends with the services it delivers, each a link to that service on the services page.
 */
function BrandBlock({ brand, children }: { brand: BrandId; children: ReactNode }) {
  const { t, href } = useLocale();
  const own = services.filter((service) => service.brand === brand);
  return (
    <BrandPanel
      as="section"
      id={brand}
      aria-labelledby={`brand-${brand}`}
      heading="h2"
      large
      brand={brand}
      name={siteConfig.brands[brand]}
      by={t("home.brands.by")}
      tagline={t(`brands.${brand}.tagline`)}
      className="motion-safe:animate-enter"
    >
      <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted">{children}</div>
      <h3 className="mt-8 text-lg text-fg">{t("brands.delivers")}</h3>
      <ul className="mt-2">
        {own.map((service) => (
          <li key={service.id}>
            <ArrowLink href={`${href("services")}#${service.id}`}>
              {t(`services.items.${service.id}.title`)}
            </ArrowLink>
          </li>
        ))}
      </ul>
    </BrandPanel>
  );
}

export default function Brands() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="brands" />
      {/* The lead only: how the two divide the work is the home page's brands section, and
          here each panel says it in its own words. */}
      <PageHeader title={t("brands.title")}>
        <p>{t("brands.lead")}</p>
      </PageHeader>
      {/* Each panel as tall as its own content (no stretch into empty white). */}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:items-start">
        <BrandBlock brand="lab">
          <p>{t("brands.lab.description")}</p>
          <h3 className="pt-2 text-lg text-fg">{t("brands.lab.focusTitle")}</h3>
          <ul className="space-y-3 text-base">
            {focusAreas.map((area) => (
              <li key={area} className="flex gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
                {t(`brands.lab.focus.${area}`)}
              </li>
            ))}
          </ul>
        </BrandBlock>
        {/* The shorter panel and, under it, who is behind the brands (a short note, not a band
            of its own): the column ends about where the longer panel beside it does. */}
        <div className="flex flex-col gap-8">
          <BrandBlock brand="consultancy">
            <p>{t("brands.consultancy.p1")}</p>
            <p>{t("brands.consultancy.p2")}</p>
            <p>{t("brands.consultancy.p3")}</p>
          </BrandBlock>
          <Card as="section" aria-labelledby="brands-relation">
            <h2 id="brands-relation" className="text-lg text-fg">
              {t("brands.relation.title")}
            </h2>
            <p className="mt-2 text-muted">
              {t(`brands.relation.text_${siteConfig.brandsRelation}`)}
            </p>
          </Card>
        </div>
      </div>
      <CtaBand />
    </>
  );
}
