import { inSentence, joinNames } from "#app/text/typography.ts";
import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { articles } from "virtual:insights";
import { people } from "virtual:people";
import { ArticleFacts, TagList } from "#app/components/article-facts.tsx";
import { CtaBand } from "#app/components/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { DocumentMeta } from "#app/components/page-meta.tsx";
import { Byline } from "#app/components/person.tsx";
import { ServiceCard } from "#app/components/service-card.tsx";
import { JsonLd, organizationNode } from "#app/components/structured-data.tsx";
import type { Person } from "#app/content/collections.ts";
import { services } from "#app/content/service-list.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import {
  articleImagePath,
  lastModified,
  summaryOf,
  type ArticleSummary,
} from "#app/insights/article-model.ts";
// Only article pages carry the body's typography and the code colours (not every page).
import articleStyles from "#app/insights/article.css?inline";
import { translationLinks } from "#app/routing/language-links.ts";
import { parseLocalizedPath, publishedLanguages } from "#app/routing/paths.ts";
import { absoluteUrl, articleSeo } from "#app/routing/seo.ts";
import type { Route } from "./+types/article";

/** One article (run at build: every article is prerendered). */
export function loader({ request, params }: Route.LoaderArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  const found = articles.find((article) => article.lang === lang && article.slug === params.slug);
  if (!found) throw data(null, { status: 404 });
  const article = { ...summaryOf(found), html: found.html };
  const author = people[lang]?.find((person) => person.key === article.author);
  return { article, author, languageLinks: translationLinks(article.translations) };
}

/** schema.org BlogPosting: published by the company, written by its author or by the company. */
function blogPosting(article: ArticleSummary, canonical: string, author?: Person) {
  const organization = organizationNode(article.lang);
  return {
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: lastModified(article),
    inLanguage: article.lang,
    keywords: article.tags,
    image: absoluteUrl(articleImagePath(article)),
    url: canonical,
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    author: author
      ? { "@type": "Person", name: author.name, jobTitle: author.role, worksFor: organization }
      : organization,
    publisher: organization,
  };
}

export default function Article({ loaderData: { article, author } }: Route.ComponentProps) {
  const { t, lang, href } = useLocale();
  const seo = articleSeo(article);
  const related = services.filter((service) => article.services.includes(service.id));
  return (
    <>
      <DocumentMeta
        title={article.title}
        description={article.description}
        {...seo}
        otherLanguages={publishedLanguages().filter(
          (code) => code !== lang && article.translations[code],
        )}
        image={articleImagePath(article)}
        imageAlt={article.title}
        article={{ published: article.date, modified: lastModified(article), tags: article.tags }}
      />
      <JsonLd data={blogPosting(article, seo.canonical, author)} />
      <style href="insights-article" precedence="default">
        {articleStyles}
      </style>
      <article>
        <PageHeader
          narrow
          title={article.title}
          label={article.preview ? t("insights.preview") : <ArticleFacts article={article} />}
        >
          <p>{article.description}</p>
          {author ? <Byline person={author} /> : null}
          <TagList tags={article.tags} className="mt-6" />
        </PageHeader>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <div className="article-text" dangerouslySetInnerHTML={{ __html: article.html }} />
          {related.length ? (
            <section aria-labelledby="related-title" className="mt-16 border-t border-line pt-10">
              <h2 id="related-title" className="text-2xl font-bold tracking-tight text-fg">
                {t("insights.related")}
              </h2>
              <ul className="mt-6 space-y-4">
                {related.map((service) => (
                  <ServiceCard
                    key={service.id}
                    service={service}
                    href={`${href("services")}#${service.id}`}
                    row
                  />
                ))}
              </ul>
            </section>
          ) : null}
          <a
            href={href("insights")}
            className="mt-12 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-text hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("insights.allArticles")}
          </a>
        </div>
      </article>
      {/* The article ends on its own next step, naming the services it is about. */}
      <CtaBand
        title={t("insights.cta.title")}
        text={
          related.length
            ? t("insights.cta.text", {
                services: joinNames(
                  // Mid-sentence: "process automation", not "Process automation".
                  related.map((service) =>
                    inSentence(t(`services.items.${service.id}.title`), lang),
                  ),
                  lang,
                  (names, last) => t("insights.cta.servicesLast", { names, last }),
                ),
              })
            : undefined
        }
        button={t("insights.cta.button")}
      />
    </>
  );
}
