import { ArrowRight, MapPin } from "lucide-react";
import { PageMeta } from "~/components/page-meta";
import { ServiceCard } from "~/components/service-card";
import { StructuredData } from "~/components/structured-data";
import { ButtonLink } from "~/components/ui/button";
import { featuredServices } from "~/lib/services";
import { useLocale } from "~/lib/use-locale";

export default function Home() {
  const { t, href } = useLocale();
  return (
    <>
      <PageMeta page="home" />
      <StructuredData />
      <section className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 motion-safe:animate-enter sm:px-6 sm:py-28">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">
            <MapPin aria-hidden="true" className="size-4" />
            {t("home.hero.location")}
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            {t("home.hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-600 sm:text-xl">
            {t("home.hero.subtitle")}
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <ButtonLink href={href("about")}>{t("home.hero.ctaAbout")}</ButtonLink>
            <ButtonLink href={href("contact")} variant="outline">
              {t("home.hero.ctaContact")}
            </ButtonLink>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="home-services"
        className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <h2 id="home-services" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("home.services.title")}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">{t("home.services.intro")}</p>
        <ul className="stagger mt-10 grid gap-6 md:grid-cols-3">
          {featuredServices.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </ul>
        <a
          href={href("services")}
          className="mt-10 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {t("home.services.viewAll")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </section>
    </>
  );
}
