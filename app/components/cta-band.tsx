import { ArrowRight, Mail } from "lucide-react";
import { Motif } from "~/components/motif";
import { ButtonLink } from "~/components/ui/button";
import { siteConfig } from "~/config/site";
import { useLocale } from "~/i18n/use-locale";

/** The closing call to action before the footer: contact page, or straight to the e-mail. */
export function CtaBand() {
  const { t, href } = useLocale();
  return (
    <section
      aria-labelledby="cta-title"
      data-cta-band
      className="relative isolate overflow-hidden bg-band text-on-band"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6 sm:py-20 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t("cta.title")}
          </h2>
          <p className="mt-4 text-lg text-pretty text-on-band-muted">{t("cta.text")}</p>
        </div>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center lg:flex-col lg:items-end">
          <ButtonLink href={href("contact")} variant="inverse">
            {t("cta.button")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
          <a
            href={`mailto:${siteConfig.email}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-md font-medium text-on-band underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4" />
            {t("cta.email", { email: siteConfig.email })}
          </a>
        </div>
      </div>
      <Motif className="absolute inset-0 -z-10 size-full opacity-20" />
    </section>
  );
}
