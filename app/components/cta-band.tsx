import { ArrowRight } from "lucide-react";
import { Motif } from "#app/components/motif.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import { keepCompounds } from "#app/text/compounds.tsx";
import { bookingOffered, callToActionPath } from "#app/routing/paths.ts";

/**
 * The closing call to action before the footer (which carries the e-mail address): book a
 * call, or write; only write when the build offers no booking. A page may word it for
 * itself; it leads where every call to action does (`callToActionPath`).
 */
export function CtaBand({
  title,
  text,
  button,
}: {
  title?: string;
  text?: string;
  button?: string;
}) {
  const { t, href, lang } = useLocale();
  return (
    <section
      aria-labelledby="cta-title"
      data-cta-band
      className="relative isolate overflow-hidden bg-band text-on-band"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6 sm:py-20 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-3xl tracking-tight text-balance sm:text-4xl">
            {keepCompounds(title ?? t("cta.title"))}
          </h2>
          <p className="mt-4 text-lg text-pretty text-on-band-muted">{text ?? t("cta.text")}</p>
        </div>
        <div className="flex flex-col items-start gap-3 lg:items-end">
          <ButtonLink href={callToActionPath(lang)} variant="inverse">
            {button ?? (bookingOffered ? t("cta.book") : t("cta.button"))}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
          {bookingOffered ? (
            <a
              href={href("contact")}
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            >
              {t("cta.button")}
            </a>
          ) : null}
        </div>
      </div>
      {/* Kept to the right half, behind the button, clear of the text. */}
      <Motif className="absolute inset-y-0 right-0 -z-10 h-full w-1/2 text-on-band opacity-15 fade-left" />
    </section>
  );
}
