import { Rss } from "lucide-react";
import { summaries } from "virtual:insights";
import { ArticleFacts, TagList } from "#app/components/article-facts.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { CtaBand } from "#app/components/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import { insightsFeedPath, parseLocalizedPath } from "#app/routing/paths.ts";
import type { Route } from "./+types/insights";

/** The language's articles, newest first (run at build: the page is prerendered). */
export function loader({ request }: Route.LoaderArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return { articles: summaries.filter((article) => article.lang === lang) };
}

export default function Insights({ loaderData: { articles } }: Route.ComponentProps) {
  const { t, lang } = useLocale();
  return (
    <>
      <PageMeta page="insights" />
      <PageHeader title={t("insights.title")}>
        <p>{t("insights.lead")}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        {articles.length ? (
          <ul className="stagger grid gap-6 md:grid-cols-2">
            {articles.map((article) => (
              <Card
                as="li"
                key={article.path}
                link
                padding="lg"
                className="flex flex-col motion-safe:animate-enter"
              >
                <p className="text-sm text-muted">
                  <ArticleFacts article={article} />
                </p>
                <h2 className="mt-3 text-2xl font-bold tracking-tight text-balance text-fg">
                  <a href={article.path}>{article.title}</a>
                </h2>
                <p className="mt-3 flex-1 text-pretty text-muted">{article.description}</p>
                <TagList tags={article.tags} className="mt-6" />
              </Card>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-muted">{t("insights.empty")}</p>
        )}
        <a
          href={insightsFeedPath(lang)}
          type="application/atom+xml"
          className="mt-10 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-text hover:underline"
        >
          <Rss aria-hidden="true" className="size-4" />
          {t("insights.subscribe")}
        </a>
      </div>
      <CtaBand />
    </>
  );
}
