import { siteConfig } from "~/config/site";
import {
  absoluteUrl,
  documentTitle,
  ogImage,
  ogImagePath,
  ogLocales,
  pageSeo,
} from "~/routing/seo";
import { pages, type PageId } from "~/pages";
import { publishedLanguages } from "~/routing/paths";
import { useLocale } from "~/i18n/use-locale";

/**
 * The page's <head> metadata, hoisted by React: title ("Page | Company"), description,
 * canonical URL, hreflang alternates and the social card. Without `page` (404, errors)
 * the page is kept out of search engines.
 */
export function PageMeta(props: { page: PageId } | { title: string }) {
  const { t, lang } = useLocale();
  const page = "page" in props ? props.page : undefined;
  const title = page ? t(`${pages[page].meta}.title`) : (props as { title: string }).title;
  const description = page ? t(`${pages[page].meta}.description`) : undefined;
  const fullTitle = documentTitle(title);
  if (!page) {
    return (
      <>
        <title>{fullTitle}</title>
        <meta name="robots" content="noindex" />
      </>
    );
  }
  const seo = pageSeo(page, lang);
  const image = absoluteUrl(ogImagePath(lang));
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      <link rel="canonical" href={seo.canonical} />
      {seo.alternates.map(({ hreflang, href }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
      ))}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteConfig.name} />
      <meta property="og:title" content={fullTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:url" content={seo.canonical} />
      <meta property="og:locale" content={ogLocales[lang]} />
      {publishedLanguages()
        .filter((code) => code !== lang)
        .map((code) => (
          <meta key={code} property="og:locale:alternate" content={ogLocales[code]} />
        ))}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(ogImage.width)} />
      <meta property="og:image:height" content={String(ogImage.height)} />
      <meta property="og:image:alt" content={t("seo.imageAlt")} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
