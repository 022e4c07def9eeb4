import type { Service } from "#app/content/service-list.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";

/**
 * A service as a card: emoji, title and description; the whole card links to `href` (the
 * service's own place on the services page). `row` lays it out as one line of a list, emoji
 * beside the text (related services under an article).
 */
export function ServiceCard({
  service,
  href,
  row = false,
}: {
  service: Service;
  href: string;
  row?: boolean;
}) {
  const { t } = useLocale();
  return (
    <Card
      as="li"
      link
      className={cn("flex gap-4 motion-safe:animate-enter", row ? "items-start" : "flex-col")}
    >
      <span aria-hidden="true" className="tile">
        {service.icon}
      </span>
      <div>
        {/* Three in a row (from md): the compact title size, so every title keeps to one line. */}
        <h3 className={cn("text-lg text-fg", !row && "md:text-base")}>
          <a href={href}>{t(`services.items.${service.id}.title`)}</a>
        </h3>
        <p className={cn("text-muted", row ? "mt-1" : "mt-2")}>
          {t(`services.items.${service.id}.description`)}
        </p>
      </div>
    </Card>
  );
}
