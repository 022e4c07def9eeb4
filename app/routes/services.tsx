import { CtaBand } from "~/components/cta-band";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { ServiceCard } from "~/components/service-card";
import { services } from "~/content/services";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/components/ui/cn";

export default function Services() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="services" />
      <PageHeader title={t("services.title")}>
        <p>{t("services.lead")}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        {/*
          Seven cards without a straggler: on two columns the first spans both (1 + 2 + 2 + 2),
          on wide screens four then three share a twelve-column row.
        */}
        <ul className="stagger grid gap-6 md:grid-cols-2 lg:grid-cols-12">
          {services.map((service, i) => (
            <ServiceCard
              key={service.id}
              service={service}
              headingLevel="h2"
              featured={i === 0}
              className={cn(i < 4 ? "lg:col-span-3" : "lg:col-span-4", i === 0 && "md:col-span-2")}
            />
          ))}
        </ul>
      </div>
      <CtaBand />
    </>
  );
}
