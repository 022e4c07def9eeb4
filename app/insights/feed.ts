import { DOMImplementation, XMLSerializer, type Document as XmlDocument } from "@xmldom/xmldom";
import { siteConfig, type Language } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import {
  articleImagePath,
  lastModified,
  type ArticleSummary,
} from "#app/insights/article-model.ts";
import { insightsFeedPath, localizedPath } from "#app/routing/paths.ts";
import { absoluteUrl } from "#app/routing/seo.ts";

/**
 * An element of the feed: text content or child elements. Everything an author wrote goes
 * in as a string; @xmldom/xmldom's serialiser escapes it, in text and in attributes alike.
 */
type XmlElement = {
  name: string;
  attributes?: Record<string, string>;
  content?: string | XmlElement[];
};

const atomNamespace = "http://www.w3.org/2005/Atom";

/**
 * Characters XML 1.0 cannot carry at all, escaped or not (C0 controls but tab and line
 * breaks, lone surrogates, U+FFFE, U+FFFF): a feed holding one is not well-formed, so it
 * fails the build instead of reaching feed readers. Checked here because the serialiser's
 * own check (`requireWellFormed`) covers text but not attribute values, and does not say
 * which character or value it refused.
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

/** Namespaces of the prefixed attributes the feed writes: `xmlns` itself and `xml:lang`. */
const attributeNamespaces: Record<string, string> = {
  xmlns: "http://www.w3.org/2000/xmlns/",
  xml: "http://www.w3.org/XML/1998/namespace",
};

/** `element` as a node of `doc`, its children indented by two spaces a level. */
function build(doc: XmlDocument, { name, attributes = {}, content }: XmlElement, depth = 0) {
  const node = doc.createElementNS(atomNamespace, name);
  for (const [key, value] of Object.entries(attributes)) {
    const namespace = attributeNamespaces[key.split(":")[0] ?? ""] ?? null;
    node.setAttributeNS(namespace, key, checked(value));
  }
  if (typeof content === "string") {
    if (content) node.appendChild(doc.createTextNode(checked(content)));
  } else if (content?.length) {
    for (const child of content) {
      node.appendChild(doc.createTextNode(`\n${"  ".repeat(depth + 1)}`));
      node.appendChild(build(doc, child, depth + 1));
    }
    node.appendChild(doc.createTextNode(`\n${"  ".repeat(depth)}`));
  }
  return node;
}

/**
 * The feed as an XML document. The serialiser escapes `&`, `<` and `>` in text (so `]]>`
 * never appears) and `&`, `<`, `>`, `"`, tab, CR and LF in attribute values; it leaves a CR
 * in text as it is, which a parser reads back as a line feed, so that one is written as a
 * character reference here. Text is the only place a raw CR can be: attribute values are
 * escaped, and names and the indentation hold none. Not xmlbuilder2: its 4.0.3 leaves a `&`
 * unescaped when what follows looks like an entity, so a typed `&amp;` reads back as `&`
 * and a typed `&nbsp;` makes the feed not well-formed.
 */
function serialise(root: XmlElement): string {
  const doc = new DOMImplementation().createDocument(atomNamespace, "", null);
  doc.appendChild(build(doc, root));
  const xml = new XMLSerializer().serializeToString(doc, { requireWellFormed: true });
  return xml.replaceAll("\r", "&#13;");
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
 * Built as XML rather than with a feed library: the one used before put titles in
 * `type="html"` CDATA and wrote tags into attributes unescaped, so a `<` or `]]>` in front
 * matter broke the document.
 */
export function insightsFeed(lang: Language, articles: readonly ArticleSummary[]): string {
  const t = createI18n(lang, catalogue(lang)).t;
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
