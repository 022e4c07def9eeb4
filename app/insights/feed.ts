import { siteConfig, type Language } from "~/config/site";
import { catalogues } from "~/i18n/catalogues.server";
import { createI18n } from "~/i18n/i18n";
import { articleImagePath, lastModified, type ArticleSummary } from "~/insights/article";
import { insightsFeedPath, localizedPath } from "~/routing/paths";
import { absoluteUrl } from "~/routing/seo";

/**
 * An element of the feed: text content or child elements. Everything an author wrote goes
 * in as a string and is escaped when written, in text and in attributes alike.
 */
type XmlElement = {
  name: string;
  attributes?: Record<string, string>;
  content?: string | XmlElement[];
};

/**
 * Characters XML 1.0 cannot carry at all, escaped or not (C0 controls but tab and line
 * breaks, lone surrogates, U+FFFE, U+FFFF): a feed holding one is not well-formed, so it
 * fails the build instead of reaching feed readers.
 */
const outsideXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function checked(value: string): string {
  const bad = outsideXml.exec(value);
  if (bad)
    throw new Error(
      `The Atom feed cannot carry U+${bad[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")} in ${JSON.stringify(value)}`,
    );
  return value;
}

/** A numeric character reference: `&#60;` for `<`. */
const reference = (character: string) => `&#${character.codePointAt(0)};`;
// `>` too, so "]]>" never appears; a CR would be read back as a line feed unless escaped.
const escapeText = (value: string) => checked(value).replace(/[&<>\r]/g, reference);
// In attributes a parser turns raw tabs and line breaks into spaces: escaped, they survive.
const escapeAttribute = (value: string) => checked(value).replace(/[&<>"\t\n\r]/g, reference);

function serialise({ name, attributes = {}, content }: XmlElement, depth = 0): string {
  const indent = "  ".repeat(depth);
  const open =
    name +
    Object.entries(attributes)
      .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
      .join("");
  if (content === undefined || content.length === 0) return `${indent}<${open}/>`;
  if (typeof content === "string") return `${indent}<${open}>${escapeText(content)}</${name}>`;
  const children = content.map((child) => serialise(child, depth + 1)).join("\n");
  return `${indent}<${open}>\n${children}\n${indent}</${name}>`;
}

const text = (name: string, content: string): XmlElement => ({ name, content });
/** Title and summary are plain text (`type="text"`): a reader shows `<b>` as typed, never as markup. */
const plainText = (name: string, content: string): XmlElement => ({
  name,
  attributes: { type: "text" },
  content,
});
const link = (attributes: Record<string, string>): XmlElement => ({ name: "link", attributes });

/**
 * A language's Atom feed (RFC 4287): each article's title, summary, tags and social card,
 * linking to the article (absolute URLs). The summary rather than the body: the body's
 * links are site-relative, and a reader that follows the link gets the page as designed.
 * Written here rather than with a feed library: the one used before put titles in
 * `type="html"` CDATA and wrote tags into attributes unescaped, so a `<` or `]]>` in front
 * matter broke the document.
 */
export function insightsFeed(lang: Language, articles: readonly ArticleSummary[]): string {
  const t = createI18n(lang, catalogues[lang]).t;
  const own = articles.filter((article) => article.lang === lang);
  const author: XmlElement = {
    name: "author",
    content: [text("name", siteConfig.name), text("uri", absoluteUrl(localizedPath("home", lang)))],
  };
  // The newest change: a feed without articles keeps the site's revision day.
  const newest = own.map(lastModified).sort().at(-1) ?? siteConfig.legal.lastUpdated;
  const day = (value: string) => new Date(value).toISOString();
  const feed: XmlElement = {
    name: "feed",
    attributes: { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": lang },
    content: [
      text("id", absoluteUrl(insightsFeedPath(lang))),
      plainText("title", t("insights.feedTitle")),
      text("updated", day(newest)),
      author,
      link({ rel: "alternate", href: absoluteUrl(localizedPath("insights", lang)) }),
      link({ rel: "self", href: absoluteUrl(insightsFeedPath(lang)) }),
      plainText("subtitle", t("insights.meta.description")),
      text("logo", absoluteUrl("/icon-512.png")),
      text("icon", absoluteUrl("/favicon.ico")),
      text("rights", `© ${siteConfig.name}`),
      ...own.map((article): XmlElement => ({
        name: "entry",
        content: [
          plainText("title", article.title),
          text("id", absoluteUrl(article.path)),
          link({ href: absoluteUrl(article.path) }),
          link({
            rel: "enclosure",
            href: absoluteUrl(articleImagePath(article)),
            type: `image/${articleImagePath(article).split(".").at(-1)}`,
          }),
          text("updated", day(lastModified(article))),
          text("published", day(article.date)),
          plainText("summary", article.description),
          author,
          ...article.tags.map((tag): XmlElement => ({
            name: "category",
            attributes: { term: tag, label: tag },
          })),
        ],
      })),
    ],
  };
  return `<?xml version="1.0" encoding="utf-8"?>\n${serialise(feed)}\n`;
}
