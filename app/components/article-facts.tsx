import { formatDay, type ArticleSummary } from "#app/insights/article.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { cn } from "#app/components/ui/cn.ts";

/** "12 de noviembre de 2026 · 6 min de lectura", and the update day when there is one. */
export function ArticleFacts({ article }: { article: ArticleSummary }) {
  const { t, lang } = useLocale();
  return (
    // One run of text that wraps between the facts (each of the first two kept whole), the dot
    // staying with the fact before it.
    <span>
      <span className="whitespace-nowrap">
        <time dateTime={article.date}>{formatDay(article.date, lang)}</time>
        <span aria-hidden="true"> ·</span>
      </span>{" "}
      <span className="whitespace-nowrap">
        {t("insights.readingTime", { count: article.readingMinutes })}
        {article.updated ? <span aria-hidden="true"> ·</span> : null}
      </span>
      {article.updated ? (
        <> {t("insights.updated", { date: formatDay(article.updated, lang) })}</>
      ) : null}
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
