import { ArrowRight } from "lucide-react";
import { Section } from "#app/components/section.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatDay, type ArticleSummary } from "#app/insights/article.ts";

/** The language's newest articles, two or three, as cards; nothing while there are none. */
export function LatestInsights({ articles }: { articles: readonly ArticleSummary[] }) {
  const { t, href } = useLocale();
  if (!articles.length) return null;
  return (
    <Section
      id="home-insights"
      tone="muted"
      label={t("home.insights.label")}
      title={t("home.insights.title")}
      subtitle={t("home.insights.subtitle")}
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {articles.map((article) => (
          <Card as="li" key={article.path} link className="flex flex-col">
            <p className="text-sm text-muted">
              <time dateTime={article.date}>{formatDay(article.date, article.lang)}</time>
            </p>
            <h3 className="mt-2 text-lg text-balance text-fg">
              <a href={article.path}>{article.title}</a>
            </h3>
            <p className="mt-2 text-muted">{article.description}</p>
          </Card>
        ))}
      </ul>
      <a
        href={href("insights")}
        className="mt-8 inline-flex min-h-11 items-center gap-1.5 rounded-md font-semibold text-brand-text hover:underline"
      >
        {t("home.insights.all")}
        <ArrowRight aria-hidden="true" className="size-4" />
      </a>
    </Section>
  );
}
