import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { caseStudies } from "virtual:case-studies";
import { CtaBand } from "#app/components/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { DocumentMeta } from "#app/components/page-meta.tsx";
import { Section } from "#app/components/section.tsx";
import { ServiceCard } from "#app/components/service-card.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { services } from "#app/content/service-list.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
// The three parts are Markdown: the articles' body typography.
import articleStyles from "#app/insights/article.css?inline";
import { translationLinks } from "#app/routing/language-links.ts";
import { parseLocalizedPath, publishedLanguages } from "#app/routing/paths.ts";
import { articleSeo, ogImagePath } from "#app/routing/seo.ts";
import type { Route } from "./+types/case-study";

/** One case study (run at build: every case study is prerendered). */
export function loader({ request, params }: Route.LoaderArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  const study = caseStudies.find((found) => found.lang === lang && found.slug === params.slug);
  if (!study) throw data(null, { status: 404 });
  return { study, languageLinks: translationLinks(study.translations, "caseStudies") };
}

/** The challenge, the approach and the result: Markdown the company wrote, rendered at build. */
function Part({
  id,
  title,
  html,
  tone,
}: {
  id: string;
  title: string;
  html: string;
  tone: "base" | "muted";
}) {
  return (
    <Section id={id} title={title} tone={tone} split>
      <div
        className="article-text mt-6 max-w-prose text-lg lg:mt-0"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Section>
  );
}

export default function CaseStudy({ loaderData: { study } }: Route.ComponentProps) {
  const { t, lang, href } = useLocale();
  const used = services.filter((service) => study.services.includes(service.id));
  return (
    <>
      <DocumentMeta
        title={study.title}
        description={study.description}
        {...articleSeo(study)}
        otherLanguages={publishedLanguages().filter(
          (code) => code !== lang && study.translations[code],
        )}
        image={ogImagePath(lang)}
        imageAlt={t("seo.imageAlt")}
      />
      <style href="insights-article" precedence="default">
        {articleStyles}
      </style>
      <article>
        <PageHeader
          title={study.title}
          label={study.preview ? t("caseStudies.preview") : study.client}
        >
          <p>{study.description}</p>
        </PageHeader>
        {study.figures.length ? (
          <div className="mx-auto max-w-6xl px-4 pt-12 sm:px-6 sm:pt-16">
            <h2 className="sr-only">{t("caseStudies.figures")}</h2>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {study.figures.map(({ value, label }) => (
                <Card key={`${value} ${label}`} className="flex flex-col-reverse gap-1">
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-display text-3xl font-extrabold text-accent">{value}</dd>
                </Card>
              ))}
            </dl>
          </div>
        ) : null}
        <Part
          id="case-challenge"
          title={t("caseStudies.challenge")}
          html={study.challenge}
          tone="base"
        />
        <Part
          id="case-approach"
          title={t("caseStudies.approach")}
          html={study.approach}
          tone="muted"
        />
        <Part id="case-result" title={t("caseStudies.result")} html={study.result} tone="base" />
        {study.quote ? (
          <Section id="case-quote" title={t("caseStudies.quote")} tone="muted">
            <figure className="mt-8 max-w-3xl border-l-4 border-accent pl-6">
              <blockquote className="text-xl text-pretty text-fg sm:text-2xl">
                <p>{study.quote}</p>
              </blockquote>
              {study.quoteSource ? (
                <figcaption className="mt-4 text-muted">{study.quoteSource}</figcaption>
              ) : null}
            </figure>
          </Section>
        ) : null}
        {used.length ? (
          <Section id="case-services" title={t("caseStudies.services")}>
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {used.map((service) => (
                <ServiceCard
                  key={service.id}
                  service={service}
                  href={`${href("services")}#${service.id}`}
                />
              ))}
            </ul>
          </Section>
        ) : null}
        <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <a
            href={href("caseStudies")}
            className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-text hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("caseStudies.all")}
          </a>
        </div>
      </article>
      <CtaBand />
    </>
  );
}
