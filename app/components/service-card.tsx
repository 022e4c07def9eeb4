import type { Service } from "~/lib/services";
import { useLocale } from "~/lib/use-locale";

export function ServiceCard({
  service,
  headingLevel: Heading = "h3",
}: {
  service: Service;
  headingLevel?: "h2" | "h3";
}) {
  const { t } = useLocale();
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm motion-safe:animate-enter">
      <span aria-hidden="true" className="text-4xl leading-none">
        {service.icon}
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">
        {t(`services.items.${service.id}.title`)}
      </Heading>
      <p className="mt-2 text-slate-600">{t(`services.items.${service.id}.description`)}</p>
    </li>
  );
}
