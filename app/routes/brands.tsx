import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { BrandMark, brandAccent, type BrandId } from "~/components/brand-mark";
import { CtaBand } from "~/components/cta-band";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { Section } from "~/components/section";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Eyebrow } from "~/components/ui/eyebrow";
import { siteConfig } from "~/config/site";
import { useLocale } from "~/i18n/use-locale";

const focusAreas = ["bots", "workflows", "genai", "webapps"] as const;

/** One brand, in its own mark and accent; its `id` is the anchor the home page links to. */
function BrandBlock({ brand, children }: { brand: BrandId; children: ReactNode }) {
  const { t } = useLocale();
  return (
    <Card
      as="section"
      id={brand}
      aria-labelledby={`brand-${brand}`}
      padding="lg"
      className={cn("border-t-4 motion-safe:animate-enter sm:p-10", brandAccent[brand].rule)}
    >
      <div className="flex items-center gap-4">
        <BrandMark brand={brand} />
        <h2 id={`brand-${brand}`} className="text-2xl tracking-tight text-fg sm:text-3xl">
          {siteConfig.brands[brand]}
        </h2>
      </div>
      <Eyebrow className="mt-6">{t(`brands.${brand}.tagline`)}</Eyebrow>
      <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted">{children}</div>
    </Card>
  );
}

export default function Brands() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="brands" />
      <PageHeader title={t("brands.title")}>
        <p>{t("brands.lead")}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2">
        <BrandBlock brand="lab">
          <p>{t("brands.lab.description")}</p>
          <h3 className="pt-2 text-lg text-fg">{t("brands.lab.focusTitle")}</h3>
          <ul className="space-y-3 text-base">
            {focusAreas.map((area) => (
              <li key={area} className="flex items-center gap-3">
                <span className="tile size-8">
                  <Check aria-hidden="true" className="size-4" />
                </span>
                {t(`brands.lab.focus.${area}`)}
              </li>
            ))}
          </ul>
        </BrandBlock>
        <BrandBlock brand="consultancy">
          <p>{t("brands.consultancy.p1")}</p>
          <p>{t("brands.consultancy.p2")}</p>
          <p>{t("brands.consultancy.p3")}</p>
        </BrandBlock>
      </div>
      <Section
        id="brands-relation"
        tone="muted"
        title={t("brands.relation.title")}
        subtitle={t(`brands.relation.text_${siteConfig.brandsRelation}`)}
      />
      <CtaBand />
    </>
  );
}
