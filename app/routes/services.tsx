import { BrandMark } from "#app/components/brand-mark.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { ServiceCatalogData } from "#app/components/structured-data.tsx";
import { CtaBand } from "#app/components/cta-band.tsx";
import { Engagement } from "#app/components/engagement.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { siteConfig } from "#app/config/site.ts";
import { deliverables, services, type Service } from "#app/content/service-list.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

/** The services grouped by the brand that delivers them: strategy first, then building. */
const groups = (["consultancy", "lab"] as const).map((brand) => ({
  brand,
  services: services.filter((service) => service.brand === brand),
}));

/**
 * One service: what it is and what the client gets side by side (two readable columns on wide
 * screens, stacked on phones), then how it starts below a hairline (who delivers it is said
 * once, by its group's heading).
 * Its `id` is the anchor of the index at the top, of the brands page and of article links.
 */
function ServiceRow({ service }: { service: Service }) {
  const { t } = useLocale();
  const key = `services.items.${service.id}` as const;
  const term = "text-sm font-semibold text-fg";
  return (
    <Card
      as="li"
      id={service.id}
      padding="none"
      className="overflow-hidden motion-safe:animate-enter"
    >
      <div className="grid gap-8 p-5 sm:p-8 md:grid-cols-2 md:gap-10">
        <div>
          <span aria-hidden="true" className="tile">
            {service.icon}
          </span>
          <h3 className="mt-4 text-xl tracking-tight text-pretty text-fg hyphens-auto sm:text-2xl">
            {t(`${key}.title`)}
          </h3>
          <p className="mt-3 text-muted">{t(`${key}.description`)}</p>
        </div>
        <div>
          <h4 className={term}>{t("services.row.gets")}</h4>
          {/* Plain markers: the emoji is this card's only icon. */}
          <ol className="mt-3 list-disc space-y-3 pl-5 text-muted marker:text-brand-text">
            {deliverables.map((d) => (
              <li key={d}>{t(`${key}.deliverables.${d}`)}</li>
            ))}
          </ol>
        </div>
      </div>
      <dl className="mx-5 grid gap-6 border-t border-line py-5 sm:mx-8 sm:py-6 md:grid-cols-2 md:gap-10">
        <div>
          <dt className={term}>{t("services.row.starts")}</dt>
          <dd className="mt-1 text-muted">{t(`${key}.start`)}</dd>
        </div>
        <div>
          <dt className={term}>{t("services.row.firstStep")}</dt>
          <dd className="mt-1 text-muted">{t(`${key}.firstStep`)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/**
 * The seven services as jump links, grouped by brand: a list at the top on phones, a column
 * that stays in view beside the services on wide screens, as wide as its longest name (up to
 * 18rem), and marking the service on screen (`scroll-index`, app/app.css: CSS alone).
 */
function ServiceIndex() {
  const { t } = useLocale();
  return (
    <nav
      aria-labelledby="services-index"
      className="scroll-index max-lg:rounded-card max-lg:border max-lg:border-line max-lg:bg-surface-raised max-lg:p-5 max-lg:shadow-card lg:sticky lg:top-24 lg:self-start"
      data-services-index
    >
      <h2 id="services-index" className="text-sm font-semibold text-muted">
        {t("services.index.title")}
      </h2>
      {groups.map(({ brand, services: own }) => (
        <div key={brand} className="mt-5">
          <p className="flex items-center gap-2 text-sm font-semibold text-fg">
            <BrandMark brand={brand} small />
            {t(`services.groups.${brand}.title`)}
          </p>
          <ul className="mt-1 border-l border-line">
            {own.map((service) => (
              <li key={service.id}>
                <a
                  href={`#${service.id}`}
                  // The same padding above and below every name, wrapped or not: even gaps.
                  className="-ml-px flex min-h-11 items-center border-l-2 border-transparent py-2.5 pl-4 text-sm text-muted hover:border-brand-text hover:text-fg"
                >
                  {t(`services.items.${service.id}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export default function Services() {
  const { t, href } = useLocale();
  return (
    <>
      <PageMeta page="services" />
      <ServiceCatalogData />
      <PageHeader title={t("services.title")}>
        <p>{t("services.lead", { count: services.length })}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[fit-content(18rem)_minmax(0,1fr)]">
        <ServiceIndex />
        <div className="space-y-16">
          {groups.map(({ brand, services: own }) => (
            <section key={brand} aria-labelledby={`group-${brand}`} data-brand={brand}>
              <div className="flex items-start gap-4">
                <BrandMark brand={brand} />
                <div>
                  <h2
                    id={`group-${brand}`}
                    className="text-2xl tracking-tight text-balance text-fg sm:text-3xl"
                  >
                    {t(`services.groups.${brand}.title`)}
                  </h2>
                  <p className="mt-2 max-w-2xl text-lg text-muted">
                    {t(`services.groups.${brand}.text`)}
                  </p>
                  <p className="mt-1 text-muted">
                    {t("services.row.deliveredBy")}{" "}
                    <a
                      href={`${href("brands")}#${brand}`}
                      className="font-semibold text-brand-text hover:underline"
                    >
                      {siteConfig.brands[brand]}
                    </a>
                  </p>
                </div>
              </div>
              {/* Rows enter one after another, 0.1 s apart. */}
              <ul className="stagger mt-8 space-y-6">
                {own.map((service) => (
                  <ServiceRow key={service.id} service={service} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
      <Engagement tone="muted" />
      {/* Like every page, it ends on the closing band: here for a need none of these names. */}
      <CtaBand
        title={t("services.other.title")}
        text={t("services.other.text")}
        button={t("services.other.button")}
      />
    </>
  );
}
