import { Check, Mail } from "lucide-react";
import { CtaBand } from "~/components/cta-band";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { Section } from "~/components/section";
import { Card } from "~/components/ui/card";
import { siteConfig } from "~/config/site";
import { useLocale } from "~/i18n/use-locale";

const focusAreas = ["bots", "workflows", "genai", "webapps"] as const;

function BrandBlock({
  id,
  name,
  tagline,
  children,
}: {
  id: string;
  name: string;
  tagline: string;
  children: React.ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="p-8 motion-safe:animate-enter sm:p-10">
      <p className="text-sm font-semibold tracking-wider text-accent uppercase">{tagline}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {name}
      </h2>
      <div className="mt-5 space-y-4 text-lg leading-relaxed text-muted">{children}</div>
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
        <BrandBlock id="brand-lab" name={siteConfig.brands.lab} tagline={t("brands.lab.tagline")}>
          <p>{t("brands.lab.description")}</p>
          <h3 className="pt-2 text-lg font-semibold text-fg">{t("brands.lab.focusTitle")}</h3>
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
        <BrandBlock
          id="brand-consultancy"
          name={siteConfig.brands.consultancy}
          tagline={t("brands.consultancy.tagline")}
        >
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
      >
        <p className="mt-6 flex max-w-3xl items-center gap-4 text-lg text-fg">
          <span className="tile">
            <Mail aria-hidden="true" className="size-6" />
          </span>
          <span>
            {t("brands.relation.contact")}{" "}
            <a
              href={`mailto:${siteConfig.email}`}
              className="font-semibold break-all text-brand-text underline"
            >
              {siteConfig.email}
            </a>
          </span>
        </p>
      </Section>
      <CtaBand />
    </>
  );
}
