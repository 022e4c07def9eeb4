import { ArrowRight, Check } from "lucide-react";
import { BrandMark } from "~/components/brand-mark";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { ServiceCatalogData } from "~/components/structured-data";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { siteConfig } from "~/config/site";
import { deliverables, services, type Service } from "~/content/services";
import { useLocale } from "~/i18n/use-locale";

/**
 * One service as a row: what it is, what the client gets, how it starts and who delivers
 * it. Three columns on wide screens, stacked on phones; no column is narrower than a
 * comfortable line of text.
 */
function ServiceRow({ service }: { service: Service }) {
  const { t, href } = useLocale();
  const key = `services.items.${service.id}` as const;
  const term = "text-sm font-semibold text-fg";
  return (
    <Card
      as="li"
      padding="lg"
      className="grid gap-8 motion-safe:animate-enter lg:grid-cols-[minmax(0,4fr)_minmax(0,4fr)_minmax(0,3fr)] lg:gap-10"
    >
      <div>
        <span aria-hidden="true" className="emoji-tile">
          {service.icon}
        </span>
        <h2 className="mt-4 text-2xl tracking-tight text-fg">{t(`${key}.title`)}</h2>
        <p className="mt-3 max-w-prose text-muted">{t(`${key}.description`)}</p>
      </div>
      <div>
        <h3 className={term}>{t("services.row.gets")}</h3>
        <ol className="mt-3 space-y-3">
          {deliverables.map((d) => (
            <li key={d} className="flex gap-3 text-muted">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
              {t(`${key}.deliverables.${d}`)}
            </li>
          ))}
        </ol>
      </div>
      <dl className="space-y-4 border-line max-lg:border-t max-lg:pt-6 lg:border-l lg:pl-8">
        <div>
          <dt className={term}>{t("services.row.starts")}</dt>
          <dd className="mt-1 text-muted">{t(`${key}.start`)}</dd>
        </div>
        <div>
          <dt className={term}>{t("services.row.firstStep")}</dt>
          <dd className="mt-1 text-muted">{t(`${key}.firstStep`)}</dd>
        </div>
        <div>
          <dt className={term}>{t("services.row.deliveredBy")}</dt>
          <dd className="mt-2">
            <a
              href={`${href("brands")}#${service.brand}`}
              className="inline-flex min-h-11 items-center gap-3 rounded-md font-semibold text-brand-text hover:underline"
            >
              <BrandMark brand={service.brand} small />
              {siteConfig.brands[service.brand]}
            </a>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export default function Services() {
  const { t, href } = useLocale();
  return (
    <>
      <PageMeta page="services" />
      <ServiceCatalogData />
      <PageHeader title={t("services.title")}>
        <p>{t("services.lead")}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-16 sm:px-6 sm:py-20">
        {/* Rows enter one after another, 0.1 s apart. */}
        <ul className="stagger space-y-6">
          {services.map((service) => (
            <ServiceRow key={service.id} service={service} />
          ))}
        </ul>
        <Card
          as="section"
          aria-labelledby="services-other"
          padding="lg"
          tone="open"
          className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="max-w-2xl">
            <h2 id="services-other" className="text-2xl tracking-tight text-fg">
              {t("services.other.title")}
            </h2>
            <p className="mt-2 text-muted">{t("services.other.text")}</p>
          </div>
          <ButtonLink href={href("contact")} className="shrink-0">
            {t("services.other.button")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </Card>
      </div>
    </>
  );
}
