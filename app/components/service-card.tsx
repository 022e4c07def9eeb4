import type { Service } from "~/content/services";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/components/ui/cn";

/**
 * A service: its emoji in the tinted tile, title and description. With `href` the whole
 * card is one link (the title's link stretches over the card); `featured` lays it out
 * side by side where it spans two columns.
 */
export function ServiceCard({
  service,
  headingLevel: Heading = "h3",
  href,
  featured = false,
  className,
}: {
  service: Service;
  headingLevel?: "h2" | "h3";
  href?: string;
  featured?: boolean;
  className?: string;
}) {
  const { t } = useLocale();
  const title = t(`services.items.${service.id}.title`);
  return (
    <li
      className={cn(
        "relative flex flex-col gap-4 rounded-card border border-line bg-surface-raised p-6 shadow-card motion-safe:animate-enter",
        featured && "md:flex-row md:items-start md:gap-6 lg:flex-col lg:gap-4",
        href && "card-link",
        className,
      )}
    >
      <span aria-hidden="true" className="tile">
        {service.icon}
      </span>
      <div>
        <Heading className="text-lg font-semibold text-fg">
          {href ? <a href={href}>{title}</a> : title}
        </Heading>
        <p className="mt-2 text-muted">{t(`services.items.${service.id}.description`)}</p>
      </div>
    </li>
  );
}
