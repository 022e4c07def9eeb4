import { formatDay, type ArticleSummary } from "#app/insights/article-model.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { cn } from "#app/components/ui/cn.ts";

/**
 * "12 de noviembre de 2026 · 6 min de lectura", and the update day when there is one. Each fact
 * is kept whole and led by its dot (`facts`, app/app.css); the row is pulled left by one dot's
 * width and clipped, so the dot that would start a line is cut off: no dot hangs at a line's
 * end or starts one.
 */
export function ArticleFacts({ article }: { article: ArticleSummary }) {
  const { t, lang } = useLocale();
  const facts = [
    <time key="date" dateTime={article.date}>
      {formatDay(article.date, lang)}
    </time>,
    t("insights.readingTime", { count: article.readingMinutes }),
    ...(article.updated ? [t("insights.updated", { date: formatDay(article.updated, lang) })] : []),
  ];
  return (
    <span className="block min-w-0 overflow-hidden">
      <span className="facts">
        {facts.map((fact, i) => (
          <span key={i} data-fact>
            {fact}
          </span>
        ))}
      </span>
    </span>
  );
}

/** The article's topics as labels (no tag pages: with a handful of articles a list suffices). */
export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
  const { t } = useLocale();
  return (
    <ul aria-label={t("insights.tags")} className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
