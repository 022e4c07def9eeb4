import { ExternalLink, Mail, MapPin } from "lucide-react";
import { data, useActionData } from "react-router";
import { ContactFormIsland } from "~/components/contact-form-island";
import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { Card } from "~/components/ui/card";
import { siteConfig } from "~/config/site";
import { requestContext } from "~/lib/contact/service.server";
import { parseLocalizedPath } from "~/lib/site-paths";
import { useLocale } from "~/lib/use-locale";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/contact";

export const handle: RouteHandle = { hydrate: true };

/** The form's answer without JavaScript: the page again, with the result. */
export async function action({ request, context }: Route.ActionArgs) {
  const { contact, clientKey } = context.get(requestContext);
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  const { status, result } = await contact.submit(request, { clientKey, lang });
  return data(result, { status });
}

function ContactDetails() {
  const { t } = useLocale();
  const item = "flex gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-brand-700";
  return (
    <Card as="section" aria-labelledby="contact-details" className="h-fit">
      <h2 id="contact-details" className="text-xl font-semibold">
        {t("contact.details.title")}
      </h2>
      <dl className="mt-6 space-y-5">
        <div className={item}>
          <Mail aria-hidden="true" className={icon} />
          <div>
            <dt className="text-sm font-medium text-slate-500">{t("contact.details.email")}</dt>
            <dd>
              <a
                href={`mailto:${siteConfig.email}`}
                className="font-medium break-all text-brand-700 hover:underline"
              >
                {siteConfig.email}
              </a>
            </dd>
          </div>
        </div>
        <div className={item}>
          <MapPin aria-hidden="true" className={icon} />
          <div>
            <dt className="text-sm font-medium text-slate-500">{t("contact.details.location")}</dt>
            <dd>{t("contact.details.locationValue")}</dd>
          </div>
        </div>
        <div className={item}>
          <ExternalLink aria-hidden="true" className={icon} />
          <div>
            <dt className="text-sm font-medium text-slate-500">{t("contact.details.profile")}</dt>
            <dd>
              <a
                href={siteConfig.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 hover:underline"
              >
                {t("contact.details.profileLink")}
                <span className="sr-only"> {t("contact.details.newTab")}</span>
              </a>
            </dd>
          </div>
        </div>
      </dl>
    </Card>
  );
}

export default function Contact() {
  const { t, href } = useLocale();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageMeta title={t("contact.meta.title")} description={t("contact.meta.description")} />
      <PageHeader title={t("contact.title")}>
        <p>{t("contact.lead")}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.5fr]">
        <ContactDetails />
        <Card as="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {t("contact.form.title")}
          </h2>
          <div className="mt-6">
            <ContactFormIsland action={href("contact")} result={result} />
          </div>
        </Card>
      </div>
    </>
  );
}
