import { Compass, Eye, MapPin } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { Section } from "~/components/section";
import { Card } from "~/components/ui/card";
import { useLocale } from "~/lib/use-locale";

const values = ["innovation", "transparency", "excellence", "versatility", "proximity"] as const;

export default function About() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="about" />
      <PageHeader title={t("about.title")}>
        <p>{t("about.lead")}</p>
      </PageHeader>

      <Section id="about-story" title={t("about.story.title")}>
        <div className="mt-6 max-w-3xl space-y-5 text-lg leading-relaxed text-slate-700">
          <p>{t("about.story.p1")}</p>
          <p>{t("about.story.p2")}</p>
          <p>{t("about.story.p3")}</p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {(
            [
              ["mission", Compass],
              ["vision", Eye],
            ] as const
          ).map(([key, Icon]) => (
            <Card key={key} className="motion-safe:animate-enter">
              <Icon aria-hidden="true" className="size-7 text-brand-700" />
              <h3 className="mt-4 text-xl font-semibold">{t(`about.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`about.${key}.text`)}</p>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="about-values" title={t("about.values.title")} className="pt-0">
        <ul className="stagger mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {values.map((value) => (
            <Card as="li" key={value} className="motion-safe:animate-enter">
              <h3 className="text-lg font-semibold">{t(`about.values.${value}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`about.values.${value}.text`)}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section id="about-location" title={t("about.location.title")} className="pt-0">
        <p className="mt-4 flex max-w-3xl items-start gap-2 text-lg text-slate-700">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
          {t("about.location.text")}
        </p>
      </Section>
    </>
  );
}
