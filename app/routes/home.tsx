import { ArrowRight, Code, LifeBuoy, Map, MapPin, MessagesSquare } from "lucide-react";
import { CtaBand } from "~/components/cta-band";
import { HeroArt } from "~/components/hero-art";
import { Motif } from "~/components/motif";
import { PageMeta } from "~/components/page-meta";
import { Section, SectionHeader } from "~/components/section";
import { ServiceCard } from "~/components/service-card";
import { StructuredData } from "~/components/structured-data";
import { ButtonLink } from "~/components/ui/button";
import { siteConfig } from "~/config/site";
import { featuredServices } from "~/content/services";
import { useLocale } from "~/i18n/use-locale";
import { values } from "~/content/values";

const steps = [
  { id: "discover", icon: MessagesSquare },
  { id: "plan", icon: Map },
  { id: "build", icon: Code },
  { id: "support", icon: LifeBuoy },
] as const;

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md font-semibold text-brand-text hover:underline";

function Hero() {
  const { t, href } = useLocale();
  return (
    <section className="relative isolate overflow-hidden bg-linear-to-b from-brand-soft to-surface">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:min-h-[calc(100svh-4rem)] lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div className="motion-safe:animate-enter">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent">
            <MapPin aria-hidden="true" className="size-4" />
            {t("home.hero.location")}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl lg:text-display">
            {t("home.hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted sm:text-xl">
            {t("home.hero.subtitle")}
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <ButtonLink href={href("about")}>{t("home.hero.ctaAbout")}</ButtonLink>
            <ButtonLink href={href("contact")} variant="outline">
              {t("home.hero.ctaContact")}
            </ButtonLink>
          </div>
        </div>
        <HeroArt />
      </div>
      <Motif className="absolute inset-x-0 bottom-0 -z-10 h-48 w-full text-brand-text opacity-10" />
    </section>
  );
}

export default function Home() {
  const { t, href } = useLocale();
  return (
    <>
      <PageMeta page="home" />
      <StructuredData />
      <Hero />

      <Section
        id="home-services"
        tone="muted"
        label={t("home.services.label")}
        title={t("home.services.title")}
        subtitle={t("home.services.intro")}
      >
        <ul className="stagger mt-12 grid gap-6 md:grid-cols-3">
          {featuredServices.map((service) => (
            <ServiceCard key={service.id} service={service} href={href("services")} />
          ))}
        </ul>
        <a href={href("services")} className={`mt-8 ${linkClass}`}>
          {t("home.services.viewAll")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </Section>

      <Section
        id="home-process"
        label={t("home.process.label")}
        title={t("home.process.title")}
        subtitle={t("home.process.subtitle")}
      >
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ id, icon: Icon }, i) => (
            <li
              key={id}
              className="relative rounded-card border border-line bg-surface-raised p-6 shadow-card"
            >
              <div className="flex items-center justify-between">
                <span className="tile">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span
                  aria-hidden="true"
                  className="text-3xl font-bold text-line-strong tabular-nums"
                >
                  {String(i + 1).padStart(2, "0")}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-fg">
                {t(`home.process.steps.${id}.title`)}
              </h3>
              <p className="mt-2 text-muted">{t(`home.process.steps.${id}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="home-why" className="bg-surface-muted">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[2fr_3fr]">
          <div>
            <SectionHeader
              id="home-why"
              label={t("home.why.label")}
              title={t("home.why.title")}
              subtitle={t("home.why.subtitle")}
            />
            <a href={href("about")} className={`mt-8 ${linkClass}`}>
              {t("home.why.link")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          </div>
          <ul className="grid gap-4">
            {values.map(({ id: value, icon: Icon }) => {
              return (
                <li
                  key={value}
                  className="flex gap-4 rounded-card border border-line bg-surface-raised p-5 shadow-card"
                >
                  <span className="tile">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-fg">{t(`about.values.${value}.title`)}</h3>
                    <p className="mt-1 text-muted">{t(`about.values.${value}.text`)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <Section
        id="home-brands"
        label={t("home.brands.label")}
        title={t("home.brands.title")}
        subtitle={t("home.brands.subtitle")}
      >
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {(
            [
              ["lab", siteConfig.brands.lab],
              ["consultancy", siteConfig.brands.consultancy],
            ] as const
          ).map(([key, name]) => (
            <li
              key={key}
              className="card-link relative rounded-card border border-line bg-surface-raised p-8 shadow-card"
            >
              <p className="text-sm font-semibold tracking-wider text-accent uppercase">
                {t(`brands.${key}.tagline`)}
              </p>
              <h3 className="mt-2 text-2xl font-bold tracking-tight text-fg">
                <a href={href("brands")}>{name}</a>
              </h3>
              <p className="mt-3 text-muted">{t(`home.brands.${key}`)}</p>
              <span
                aria-hidden="true"
                className="mt-6 inline-flex items-center gap-1.5 font-semibold text-brand-text"
              >
                {t("home.brands.more")}
                <ArrowRight className="size-4" />
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand />
    </>
  );
}
