import { JsonScript } from "#app/components/ui/json-script.tsx";
import { siteConfig, type Language } from "#app/config/site.ts";
import { absoluteUrl } from "#app/routing/seo.ts";
import { services } from "#app/content/service-list.ts";
import { localizedPath } from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

/** The company as a schema.org Organization, with the same `@id` on every page. */
export function organizationNode(lang: Language) {
  return {
    "@type": "Organization",
    "@id": `${siteConfig.siteUrl}/#organization`,
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    url: absoluteUrl(localizedPath("home", lang)),
    logo: absoluteUrl("/icon-512.png"),
    email: siteConfig.email,
    sameAs: [siteConfig.linkedinUrl],
  };
}

/** A JSON-LD block: data, not code, so the Content-Security-Policy does not apply to it. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <JsonScript type="application/ld+json" data={{ "@context": "https://schema.org", ...data }} />
  );
}

/** The professional service the company offers, with the same `@id` wherever it appears. */
const serviceId = `${siteConfig.siteUrl}/#service`;

/** JSON-LD for the home page: the company and the professional service it offers. */
export function StructuredData() {
  const { t, lang } = useLocale();
  const organization = organizationNode(lang);
  const service = {
    "@type": "ProfessionalService",
    "@id": serviceId,
    name: siteConfig.name,
    url: absoluteUrl(localizedPath("home", lang)),
    image: absoluteUrl(`/og/${lang}.png`),
    email: siteConfig.email,
    // The words the page's own meta description uses: the same text twice costs a first
    // visit almost nothing once compressed, a second wording about a hundred bytes.
    description: t("home.meta.description"),
    inLanguage: lang,
    parentOrganization: { "@id": organization["@id"] },
    address: {
      "@type": "PostalAddress",
      streetAddress: siteConfig.address.street,
      postalCode: siteConfig.address.postalCode,
      addressLocality: siteConfig.address.locality,
      addressRegion: siteConfig.address.region,
      addressCountry: siteConfig.address.countryCode,
    },
    areaServed: siteConfig.area,
  };
  return <JsonLd data={{ "@graph": [organization, service] }} />;
}

/**
 * JSON-LD for the services page: the same service node (by `@id`) with its catalogue. It
 * lives here rather than on the home page, where it would repeat the page's text in every
 * first visit's bytes.
 */
export function ServiceCatalogData() {
  const { t, lang } = useLocale();
  return (
    <JsonLd
      data={{
        "@type": "ProfessionalService",
        "@id": serviceId,
        name: siteConfig.name,
        url: absoluteUrl(localizedPath("services", lang)),
        hasOfferCatalog: {
          "@type": "OfferCatalog",
          name: t("services.title"),
          itemListElement: services.map((item) => ({
            "@type": "Offer",
            itemOffered: {
              "@type": "Service",
              name: t(`services.items.${item.id}.title`),
              description: t(`services.items.${item.id}.description`),
            },
          })),
        },
      }}
    />
  );
}
