import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { ServiceCard } from "~/components/service-card";
import { services } from "~/lib/services";
import { useLocale } from "~/lib/use-locale";

export default function Services() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="services" />
      <PageHeader title={t("services.title")} />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <ul className="stagger grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <ServiceCard key={service.id} service={service} headingLevel="h2" />
          ))}
        </ul>
      </div>
    </>
  );
}
