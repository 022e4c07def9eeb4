import { summaries } from "virtual:insights";
import { people } from "virtual:people";
import { MapPin } from "lucide-react";
import { BrandPanel, type BrandId } from "#app/components/brand-mark.tsx";
import { CtaBand } from "#app/components/cta-band.tsx";
import { EngagementSummary } from "#app/components/engagement.tsx";
import { LatestInsights } from "#app/components/latest-insights.tsx";
import { HeroArt } from "#app/components/hero-art.tsx";
import { Motif } from "#app/components/motif.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { Section } from "#app/components/section.tsx";
import { ServiceCard } from "#app/components/service-card.tsx";
import { keepCompounds } from "#app/text/compounds.tsx";
import { StructuredData } from "#app/components/structured-data.tsx";
import { ArrowLink } from "#app/components/ui/arrow-link.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { siteConfig } from "#app/config/site.ts";
import { featuredServices } from "#app/content/service-list.ts";
import { values } from "#app/content/values.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";
import type { Route } from "./+types/home";

const steps = ["discover", "plan", "build", "support"] as const;

const brandIds: readonly BrandId[] = ["lab", "consultancy"];

function Hero() {
  const { t, href } = useLocale();
  return (
    <section className="relative isolate overflow-hidden tint-down">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-20 sm:px-6 sm:pt-20 sm:pb-28 lg:min-h-[calc(100svh-4rem)] lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div className="min-w-0 motion-safe:animate-enter">
          {/* One line from 390 px in every language (smaller type on phones); on a narrower
              screen it wraps inside its pill rather than running off the edge. */}
          <p className="inline-flex max-w-full items-center gap-1.5 rounded-card border border-line bg-surface-raised px-2.5 py-1 text-xs font-medium text-balance text-fg shadow-card sm:px-3 sm:text-sm">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent" />
            {t("home.hero.location")}
          </p>
          <h1 className="mt-6 text-4xl tracking-tight text-balance text-fg sm:text-5xl lg:text-display">
            {keepCompounds(t("home.hero.title"))}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted sm:text-xl">
            {t("home.hero.subtitle")}
          </p>
          {/* Equal, full-width buttons on phones; side by side from sm. */}
          <div className="mt-10 grid gap-3 sm:flex sm:flex-wrap">
            <ButtonLink href={href("about")}>{t("home.hero.ctaAbout")}</ButtonLink>
            <ButtonLink href={href("contact")} variant="outline">
              {t("home.hero.ctaContact")}
            </ButtonLink>
          </div>
        </div>
        <HeroArt />
      </div>
      {/* The ridge fades in from nothing at the top, so no hard edge cuts it. */}
      <Motif className="absolute inset-x-0 bottom-0 -z-10 h-40 w-full text-brand-text opacity-25 fade-up sm:h-56" />
    </section>
  );
}

/** The four steps as one connected line: down the left on phones, across on wide screens. */
function Process() {
  const { t } = useLocale();
  return (
    <Section
      id="home-process"
      label={t("home.process.label")}
      title={t("home.process.title")}
      subtitle={t("home.process.subtitle")}
    >
      <ol className="relative mt-12 grid gap-10 lg:grid-cols-4 lg:gap-8">
        {steps.map((id, i) => (
          <li
            key={id}
            className={cn(
              "relative pl-16 lg:pt-16 lg:pl-0",
              // The connector to the next step.
              i < steps.length - 1 && "step-line",
            )}
          >
            {/* The step's number in the circle on the line: the steps need no icons. */}
            <span className="absolute top-0 left-0 flex size-12 items-center justify-center rounded-full border-2 border-accent bg-surface font-semibold text-accent [font-variant-numeric:tabular-nums]">
              {String(i + 1).padStart(2, "0")}
            </span>
            <h3 className="pt-2.5 text-xl text-fg lg:pt-0">
              {t(`home.process.steps.${id}.title`)}
            </h3>
            <p className="mt-2 text-muted">{t(`home.process.steps.${id}.text`)}</p>
          </li>
        ))}
      </ol>
      <EngagementSummary className="mt-16 border-t border-line pt-12" />
    </Section>
  );
}

/**
 * The five values as one even grid of equal items, no boxes: one row of five on wide screens,
 * two columns on tablets, one on phones; every row starts at the left, under the heading.
 */
function Values({ hasTeam }: { hasTeam: boolean }) {
  const { t, href } = useLocale();
  return (
    <Section
      id="home-why"
      tone="muted"
      label={t("home.why.label")}
      title={t("home.why.title")}
      subtitle={t("home.why.subtitle")}
    >
      <ul
        className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-5 lg:gap-x-6"
        data-values
      >
        {values.map(({ id, icon: Icon }) => (
          <li key={id}>
            <span className="tile">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            {/* Five in a row: the compact title size, so that every title keeps to one line. */}
            <h3 className="mt-4 text-lg text-fg lg:text-base">{t(`about.values.${id}.title`)}</h3>
            <p className="mt-1 text-muted">{t(`about.values.${id}.text`)}</p>
          </li>
        ))}
      </ul>
      <ArrowLink href={href("about")} className="mt-10">
        {hasTeam ? t("home.why.linkTeam") : t("home.why.link")}
      </ArrowLink>
    </Section>
  );
}

/** The two brands' panels, as on /brands, each linking to its own section there. */
function Brands() {
  const { t, href } = useLocale();
  return (
    <Section
      id="home-brands"
      label={t("home.brands.label")}
      title={t("home.brands.title")}
      subtitle={t("brands.split")}
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {brandIds.map((brand) => {
          const name = siteConfig.brands[brand];
          return (
            <BrandPanel
              as="li"
              key={brand}
              brand={brand}
              name={name}
              by={t("home.brands.by")}
              tagline={t(`brands.${brand}.tagline`)}
            >
              <p className="mt-2 flex-1 text-muted">{t(`home.brands.${brand}`)}</p>
              <ArrowLink href={`${href("brands")}#${brand}`} className="mt-6 self-start">
                {t("home.brands.moreAbout", { brand: name })}
              </ArrowLink>
            </BrandPanel>
          );
        })}
      </ul>
    </Section>
  );
}

/**
 * The language's three newest articles, and whether the about page shows the team
 * (content/people): run at build, the page is prerendered.
 */
export function loader({ request }: Route.LoaderArgs) {
  // Prerendering asks for a home page's data as `/en.data` (and `/_root.data`): the suffix
  // is not part of the language prefix.
  const { lang } = parseLocalizedPath(new URL(request.url).pathname.replace(/\.data$/, ""));
  return {
    latest: summaries.filter((article) => article.lang === lang).slice(0, 3),
    hasTeam: Boolean(people[lang]?.length),
  };
}

export default function Home({ loaderData: { latest, hasTeam } }: Route.ComponentProps) {
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
        subtitle={t("home.services.intro", { count: featuredServices.length })}
      >
        <ul className="stagger mt-12 grid gap-6 md:grid-cols-3">
          {featuredServices.map((service) => (
            <ServiceCard
              key={service.id}
              service={service}
              href={`${href("services")}#${service.id}`}
            />
          ))}
        </ul>
        <ArrowLink href={href("services")} className="mt-8">
          {t("home.services.viewAll")}
        </ArrowLink>
      </Section>

      <Process />
      <Values hasTeam={hasTeam} />
      <Brands />
      <LatestInsights articles={latest} />
      <CtaBand />
    </>
  );
}
