import { ArticleFacts, TagList } from "#app/components/article-facts.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { ArticleSummary } from "#app/insights/article-model.ts";

/**
 * An article as a card, the same wherever articles are listed (the insights page, the home
 * page): its date and reading time, title, summary and topics; the whole card links to it.
 * The title fills its lines (`text-pretty`): balanced, a two-line title in a card stopped at
 * about 60 % of the card's width.
 */
export function ArticleCard({
  article,
  heading: Heading = "h3",
  className,
}: {
  article: ArticleSummary;
  /** h2 where the cards are the page's own content, h3 under a section's title. */
  heading?: "h2" | "h3";
  className?: string;
}) {
  return (
    <Card as="li" link padding="lg" className={cn("flex flex-col", className)}>
      <p className="text-sm text-muted">
        <ArticleFacts article={article} />
      </p>
      <Heading
        className={cn(
          "mt-3 tracking-tight text-pretty text-fg",
          Heading === "h2" ? "text-2xl" : "text-xl",
        )}
      >
        <a href={article.path}>{article.title}</a>
      </Heading>
      <p className="mt-3 flex-1 text-pretty text-muted">{article.description}</p>
      <TagList tags={article.tags} className="mt-6" />
    </Card>
  );
}
