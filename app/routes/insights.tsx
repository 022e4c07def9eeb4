import { Rss } from "lucide-react";
import { summaries } from "virtual:insights";
import { ArticleCard } from "#app/components/article-card.tsx";
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
              <ArticleCard
                key={article.path}
                article={article}
                heading="h2"
                className="motion-safe:animate-enter"
              />
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
