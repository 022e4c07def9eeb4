import type { Language } from "#app/config/site.ts";
import { siteConfig } from "#app/config/site.ts";
import {
  absoluteUrl,
  documentTitle,
  ogImage,
  ogImagePath,
  ogLocales,
  pageSeo,
} from "#app/routing/seo.ts";
import { pages, type PageId } from "#app/pages.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

/** What search engines and social networks are told about one document. */
type DocumentFacts = {
  /** The document's own title; " | Company" is added. */
  title: string;
  description: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  /** The other languages the document exists in (og:locale:alternate). */
  otherLanguages: readonly Language[];
  /** Site-relative path of its 1200 × 630 PNG social card. */
  image: string;
  imageAlt: string;
  /** An article's dates (YYYY-MM-DD) and tags. */
  article?: { published: string; modified: string; tags: readonly string[] };
};

/**
 * A document's <head> metadata, hoisted by React: title ("Title | Company"), description,
 * canonical URL, hreflang alternates and the social card (Open Graph).
 */
export function DocumentMeta(facts: DocumentFacts) {
  const { lang } = useLocale();
  const fullTitle = documentTitle(facts.title);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={facts.description} />
      <link rel="canonical" href={facts.canonical} />
      {facts.alternates.map(({ hreflang, href }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
      ))}
      <meta property="og:type" content={facts.article ? "article" : "website"} />
      <meta property="og:site_name" content={siteConfig.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={facts.description} />
      <meta property="og:url" content={facts.canonical} />
      <meta property="og:locale" content={ogLocales[lang]} />
      {facts.otherLanguages.map((code) => (
        <meta key={code} property="og:locale:alternate" content={ogLocales[code]} />
      ))}
      <meta property="og:image" content={absoluteUrl(facts.image)} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(ogImage.width)} />
      <meta property="og:image:height" content={String(ogImage.height)} />
      <meta property="og:image:alt" content={facts.imageAlt} />
      {facts.article ? (
        <>
          <meta property="article:published_time" content={facts.article.published} />
          <meta property="article:modified_time" content={facts.article.modified} />
          {facts.article.tags.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      ) : null}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/**
 * A registry page's <head> metadata, from its catalogue keys; `written`: the languages its
 * text exists in when not every one (a legal text). Without `page` (404, errors) the page is
 * kept out of search engines.
 */
export function PageMeta(
  props: { page: PageId; written?: readonly Language[] } | { title: string },
) {
  const { t, lang } = useLocale();
  if (!("page" in props)) {
    return (
      <>
        <title>{documentTitle(props.title)}</title>
        <meta name="robots" content="noindex" />
      </>
    );
  }
  const { meta } = pages[props.page];
  return (
    <DocumentMeta
      title={t(`${meta}.title`)}
      description={t(`${meta}.description`)}
      {...pageSeo(props.page, lang, props.written)}
      otherLanguages={publishedLanguages().filter((code) => code !== lang)}
      image={ogImagePath(lang)}
      imageAlt={t("seo.imageAlt")}
    />
  );
}
