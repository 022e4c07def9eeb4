import { Section } from "#app/components/section.tsx";
import { ArrowLink } from "#app/components/ui/arrow-link.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { siteConfig } from "#app/config/site.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { localizedPath } from "#app/routing/paths.ts";

/** The anchor of the full section on the services page, which the home page links to. */
const anchor = "engagement";

/**
 * The ways of working the company offers (`practice.engagementModels` in content/company.json),
 * each with what it is for, what the client gets and how it starts; a price and a usual
 * duration only where `practice.engagementTerms` states them (0: not stated).
 */
export function Engagement({ tone }: { tone?: "base" | "muted" }) {
  const { t, lang } = useLocale();
  const euros = new Intl.NumberFormat(lang, {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
  });
  const term = "text-sm font-semibold text-fg";
  return (
    <Section
      id={anchor}
      tone={tone}
      label={t("engagement.label")}
      title={t("engagement.title")}
      subtitle={t("engagement.subtitle")}
    >
      <ul className="mt-12 grid gap-6 lg:grid-cols-3" data-engagement>
        {siteConfig.practice.engagementModels.map((model) => {
          const { priceFrom, typicalWeeks } = siteConfig.practice.engagementTerms[model];
          return (
            <Card as="li" key={model} padding="lg" className="flex flex-col">
              <h3 className="text-xl tracking-tight text-fg">
                {t(`engagement.models.${model}.title`)}
              </h3>
              <dl className="mt-4 flex-1 space-y-4">
                {(["for", "gets", "starts"] as const).map((part) => (
                  <div key={part}>
                    <dt className={term}>{t(`engagement.${part}`)}</dt>
                    <dd className="mt-1 text-muted">{t(`engagement.models.${model}.${part}`)}</dd>
                  </div>
                ))}
              </dl>
              {priceFrom || typicalWeeks ? (
                <p className="mt-6 border-t border-line pt-4 font-semibold text-fg" data-terms>
                  {priceFrom ? (
                    <span className="block">
                      {t(`engagement.price.${model}`, { price: euros.format(priceFrom) })}
                    </span>
                  ) : null}
                  {typicalWeeks ? (
                    <span className="block">{t("engagement.weeks", { count: typicalWeeks })}</span>
                  ) : null}
                </p>
              ) : null}
            </Card>
          );
        })}
      </ul>
    </Section>
  );
}

/** The same ways of working in one line each, for the home page, linking to the full section. */
export function EngagementSummary({ className }: { className?: string }) {
  const { t, lang } = useLocale();
  return (
    <div className={className} data-engagement-summary>
      <h3 className="text-xl tracking-tight text-fg">
        {t("home.engagement.title", { count: siteConfig.practice.engagementModels.length })}
      </h3>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {siteConfig.practice.engagementModels.map((model) => (
          <Card as="li" key={model}>
            <h4 className="font-display text-lg font-extrabold tracking-tight text-fg">
              {t(`engagement.models.${model}.title`)}
            </h4>
            <p className="mt-1 text-muted">{t(`engagement.models.${model}.for`)}</p>
          </Card>
        ))}
      </ul>
      <ArrowLink href={`${localizedPath("services", lang)}#${anchor}`} className="mt-6">
        {t("home.engagement.link")}
      </ArrowLink>
    </div>
  );
}
