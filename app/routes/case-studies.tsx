import { data } from "react-router";
import { caseStudySummaries } from "virtual:case-studies";
import { CtaBand } from "#app/components/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Eyebrow } from "#app/components/ui/eyebrow.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";
import type { Route } from "./+types/case-studies";

/**
 * The language's case studies, newest first (run at build: the page is prerendered). While
 * the collection has none the page does not exist: no link leads here and the URL is a 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (!caseStudySummaries.length) throw data(null, { status: 404 });
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return { caseStudies: caseStudySummaries.filter((study) => study.lang === lang) };
}

export default function CaseStudies({ loaderData: { caseStudies } }: Route.ComponentProps) {
  const { t } = useLocale();
  return (
    <>
      <PageMeta page="caseStudies" />
      <PageHeader title={t("caseStudies.title")}>
        <p>{t("caseStudies.lead")}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        {caseStudies.length ? (
          <ul className="stagger grid gap-6 md:grid-cols-2">
            {caseStudies.map((study) => (
              <Card
                as="li"
                key={study.path}
                link
                padding="lg"
                className="flex flex-col motion-safe:animate-enter"
              >
                <Eyebrow>{study.client}</Eyebrow>
                <h2 className="mt-3 text-2xl font-bold tracking-tight text-balance text-fg">
                  <a href={study.path}>{study.title}</a>
                </h2>
                <p className="mt-3 flex-1 text-pretty text-muted">{study.description}</p>
              </Card>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-muted">{t("caseStudies.empty")}</p>
        )}
      </div>
      <CtaBand />
    </>
  );
}
