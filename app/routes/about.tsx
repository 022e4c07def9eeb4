import { people } from "virtual:people";
import { Briefcase, Compass, Eye, Languages, MapPin, Navigation } from "lucide-react";
import { CtaBand } from "#app/components/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { PersonCard } from "#app/components/person.tsx";
import { Section } from "#app/components/section.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { siteConfig } from "#app/config/site.ts";
import type { Person } from "#app/content/collections.ts";
import { formatLanguageNames } from "#app/content/company.ts";
import { values } from "#app/content/values.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";
import type { Route } from "./+types/about";

/** The company's facts at a glance, all read from siteConfig (checked before go-live). */
function KeyFacts() {
  const { t, lang } = useLocale();
  const facts = [
    { icon: MapPin, term: t("about.facts.location"), value: t("about.facts.locationValue") },
    {
      icon: Languages,
      term: t("about.facts.languages"),
      value: formatLanguageNames(siteConfig.spokenLanguages, lang),
    },
    {
      icon: Briefcase,
      term: t("about.facts.work"),
      value: (
        <ul className="list-disc space-y-1 pl-5">
          {siteConfig.practice.engagementModels.map((model) => (
            <li key={model}>{t(`about.facts.models.${model}`)}</li>
          ))}
        </ul>
      ),
    },
    { icon: Navigation, term: t("about.facts.areas"), value: t("about.facts.areasValue") },
  ];
  return (
    <Card
      as="section"
      aria-labelledby="about-facts"
      padding="lg"
      className="h-fit lg:sticky lg:top-24"
    >
      <h2 id="about-facts" className="text-xl text-fg">
        {t("about.facts.title")}
      </h2>
      <dl className="mt-6 space-y-5">
        {facts.map(({ icon: Icon, term, value }) => (
          <div key={term}>
            <dt className="flex items-center gap-3 text-sm font-semibold text-fg">
              <span className="tile size-10">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {term}
            </dt>
            <dd className="mt-1 pl-13 text-muted">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The people behind the company (content/people); rendered only once there is someone. */
function Team({ team }: { team: Person[] }) {
  const { t } = useLocale();
  if (!team.length) return null;
  return (
    <Section id="about-team" title={t("about.team.title")} subtitle={t("about.team.subtitle")}>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {team.map((person) => (
          <PersonCard key={person.key} person={person} />
        ))}
      </ul>
    </Section>
  );
}

/** The team in the page's language (run at build: the page is prerendered). */
export function loader({ request }: Route.LoaderArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return { team: people[lang] ?? [] };
}

export default function About({ loaderData: { team } }: Route.ComponentProps) {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="about" />
      <PageHeader title={t("about.title")}>
        <p>{t("about.lead")}</p>
      </PageHeader>

      <section aria-labelledby="about-story" className="bg-surface">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
          <div>
            <h2 id="about-story" className="text-3xl tracking-tight text-fg sm:text-4xl">
              {t("about.story.title")}
            </h2>
            <div className="mt-6 max-w-prose space-y-5 text-lg leading-relaxed text-muted">
              <p>{t("about.story.p1")}</p>
              <p>{t("about.story.p2")}</p>
              <p>{t("about.story.p3")}</p>
            </div>
            {/* Mission and vision as two statements, each the site's one card, like the key facts beside them. */}
            <div className="mt-12 grid gap-8 sm:grid-cols-2">
              {(
                [
                  ["mission", Compass],
                  ["vision", Eye],
                ] as const
              ).map(([key, Icon]) => (
                <Card key={key}>
                  <h3 className="flex items-center gap-3 text-xl text-fg">
                    <span className="tile size-10">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    {t(`about.${key}.title`)}
                  </h3>
                  <p className="mt-2 text-muted">{t(`about.${key}.text`)}</p>
                </Card>
              ))}
            </div>
          </div>
          <KeyFacts />
        </div>
      </section>

      {/* Values as a numbered list of principles, each with what it means in a project: the
          home page shows the same values as an icon list, without the practice. */}
      <Section
        id="about-values"
        tone="muted"
        title={t("about.values.title")}
        subtitle={t("about.principles")}
      >
        <ol className="mt-10 divide-y divide-line border-y border-line">
          {values.map(({ id }, i) => (
            <li
              key={id}
              className="grid gap-2 py-6 sm:grid-cols-[4rem_minmax(0,16rem)_minmax(0,1fr)] sm:items-baseline sm:gap-6"
            >
              <span
                aria-hidden="true"
                className="font-display text-3xl font-extrabold text-accent tabular-nums"
              >
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="text-xl text-fg">{t(`about.values.${id}.title`)}</h3>
              <div className="max-w-prose space-y-2">
                <p className="text-muted">{t(`about.values.${id}.text`)}</p>
                <p className="text-sm text-muted">
                  <strong className="font-semibold text-fg">{t("about.values.inPractice")}:</strong>{" "}
                  {t(`about.values.${id}.practice`)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Team team={team} />
      <CtaBand />
    </>
  );
}
