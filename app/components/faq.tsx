import { siteConfig } from "#app/config/site.ts";
import { ChevronDown } from "lucide-react";
import { Section } from "#app/components/section.tsx";
import { formatLanguageNames } from "#app/content/company.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { askPath } from "#app/routing/paths.ts";

const questions = [
  "billing",
  "timeline",
  "onsite",
  "languages",
  "data",
  "ownership",
  "support",
] as const;

/**
 * Frequent questions as native disclosure widgets: they open and close without
 * JavaScript, and every answer is in the page for search engines and find-in-page.
 */
export function Faq({
  tone,
  className,
  askLink = false,
}: {
  tone?: "base" | "muted";
  className?: string;
  /** After the answers, a link to ask what is not among them (the contact page). */
  askLink?: boolean;
}) {
  const { t, lang } = useLocale();
  const languages = formatLanguageNames(siteConfig.spokenLanguages, lang);
  return (
    <Section
      id="faq"
      tone={tone}
      className={className}
      label={t("home.faq.label")}
      title={t("home.faq.title")}
      subtitle={t("home.faq.subtitle")}
      split
    >
      <div className="mt-10 max-w-3xl divide-y divide-line border-y border-line lg:mt-0">
        {questions.map((id) => (
          <details key={id} className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-lg font-semibold text-fg hover:text-brand-text [&::-webkit-details-marker]:hidden">
              {t(`faq.${id}.q`)}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-text transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <p className="max-w-prose pb-5 text-muted">{t(`faq.${id}.a`, { languages })}</p>
          </details>
        ))}
        {askLink ? (
          <p className="py-4">
            <a
              href={askPath(lang)}
              className="inline-flex min-h-11 items-center font-semibold text-brand-text hover:underline"
            >
              {t("ask.link.faq")}
            </a>
          </p>
        ) : null}
      </div>
    </Section>
  );
}
