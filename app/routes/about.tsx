import { Compass, Eye, MapPin } from "lucide-react";
import { CtaBand } from "~/components/cta-band";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { Section } from "~/components/section";
import { Card } from "~/components/ui/card";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/components/ui/cn";
import { values } from "~/content/values";

export default function About() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="about" />
      <PageHeader title={t("about.title")}>
        <p>{t("about.lead")}</p>
      </PageHeader>

      <Section id="about-story" title={t("about.story.title")}>
        <div className="mt-6 max-w-3xl space-y-5 text-lg leading-relaxed text-muted">
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
              <span className="tile">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-fg">{t(`about.${key}.title`)}</h3>
              <p className="mt-2 text-muted">{t(`about.${key}.text`)}</p>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="about-values" tone="muted" title={t("about.values.title")}>
        {/* Five cards without a straggler: 1 + 2 + 2 on two columns, 2 + 3 on six. */}
        <ul className="stagger mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
          {values.map(({ id, icon: Icon }, i) => (
            <Card
              as="li"
              key={id}
              className={cn(
                "motion-safe:animate-enter",
                i < 2 ? "lg:col-span-3" : "lg:col-span-2",
                i === 0 && "sm:col-span-2 lg:col-span-3",
              )}
            >
              <span className="tile">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-fg">
                {t(`about.values.${id}.title`)}
              </h3>
              <p className="mt-2 text-muted">{t(`about.values.${id}.text`)}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section id="about-location" title={t("about.location.title")}>
        <p className="mt-6 flex max-w-3xl items-start gap-4 text-lg text-muted">
          <span className="tile">
            <MapPin aria-hidden="true" className="size-6" />
          </span>
          <span className="pt-2.5">{t("about.location.text")}</span>
        </p>
      </Section>
      <CtaBand />
    </>
  );
}
