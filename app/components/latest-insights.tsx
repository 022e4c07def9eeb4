import { Section } from "#app/components/section.tsx";
import { ArrowLink } from "#app/components/ui/arrow-link.tsx";
import { ArticleCard } from "#app/components/article-card.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { ArticleSummary } from "#app/insights/article-model.ts";

const columns: Record<number, string> = { 1: "max-w-2xl", 2: "md:grid-cols-2" };

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
      {/* As many columns as articles: two never leave an empty third. */}
      <ul className={cn("mt-12 grid gap-6", columns[articles.length] ?? "md:grid-cols-3")}>
        {articles.map((article) => (
          <ArticleCard key={article.path} article={article} />
        ))}
      </ul>
      <ArrowLink href={href("insights")} className="mt-8">
        {t("home.insights.all")}
      </ArrowLink>
    </Section>
  );
}
