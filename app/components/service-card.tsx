import type { Service } from "~/content/services";
import { useLocale } from "~/i18n/use-locale";
import { Card } from "~/components/ui/card";

/** A service on the home page: emoji, title and description; the whole card links to `href`. */
export function ServiceCard({ service, href }: { service: Service; href: string }) {
  const { t } = useLocale();
  return (
    <Card as="li" link className="flex flex-col gap-4 motion-safe:animate-enter">
      <span aria-hidden="true" className="emoji-tile">
        {service.icon}
      </span>
      <div>
        <h3 className="text-lg text-fg">
          <a href={href}>{t(`services.items.${service.id}.title`)}</a>
        </h3>
        <p className="mt-2 text-muted">{t(`services.items.${service.id}.description`)}</p>
      </div>
    </Card>
  );
}
