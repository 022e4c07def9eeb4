import { Feed } from "feed";
import { siteConfig, type Language } from "~/config/site";
import { catalogues } from "~/i18n/catalogues.server";
import { createI18n } from "~/i18n/i18n";
import { articleImagePath, lastModified, type ArticleSummary } from "~/insights/article";
import { insightsFeedPath, localizedPath } from "~/routing/paths";
import { absoluteUrl } from "~/routing/seo";

/**
 * A language's Atom feed: each article's title, summary, tags and social card, linking to
 * the article (absolute URLs). The summary rather than the body: the body's links are
 * site-relative, and a reader that follows the link gets the page as designed.
 */
export function insightsFeed(lang: Language, articles: readonly ArticleSummary[]): string {
  const t = createI18n(lang, catalogues[lang]).t;
  const own = articles.filter((article) => article.lang === lang);
  const organisation = { name: siteConfig.name, link: absoluteUrl(localizedPath("home", lang)) };
  const newest = own.map(lastModified).sort().at(-1);
  const feed = new Feed({
    id: absoluteUrl(insightsFeedPath(lang)),
    title: t("insights.feedTitle"),
    description: t("insights.meta.description"),
    link: absoluteUrl(localizedPath("insights", lang)),
    language: lang,
    // The newest change: a feed without articles keeps the site's revision day.
    updated: new Date(newest ?? siteConfig.legal.lastUpdated),
    feedLinks: { atom: absoluteUrl(insightsFeedPath(lang)) },
    author: organisation,
    image: absoluteUrl("/icon-512.png"),
    favicon: absoluteUrl("/favicon.ico"),
    copyright: `© ${siteConfig.name}`,
    generator: false,
  });
  for (const article of own) {
    feed.addItem({
      id: absoluteUrl(article.path),
      link: absoluteUrl(article.path),
      title: article.title,
      description: article.description,
      date: new Date(lastModified(article)),
      published: new Date(article.date),
      category: article.tags.map((tag) => ({ term: tag, name: tag })),
      author: [organisation],
      image: absoluteUrl(articleImagePath(article)),
    });
  }
  return feed.atom1();
}
