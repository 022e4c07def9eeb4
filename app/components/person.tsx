import { ExternalLink } from "lucide-react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { Person } from "#app/content/collections.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

/** A person's square photo, as the build wrote it (AVIF, WebP); none without one. */
function PersonPhoto({ person, className }: { person: Person; className?: string }) {
  const { photo } = person;
  if (!photo) return null;
  const sizes = `${photo.size}px`;
  return (
    <picture>
      <source type="image/avif" srcSet={photo.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.srcSet.webp} sizes={sizes} />
      <img
        src={photo.src}
        alt=""
        width={photo.size}
        height={photo.size}
        loading="lazy"
        decoding="async"
        className={cn("shrink-0 rounded-full object-cover", className)}
      />
    </picture>
  );
}

/** A person as a card: photo, name, role, short bio and profile link (About, contact). */
export function PersonCard({ person, compact = false }: { person: Person; compact?: boolean }) {
  const { t, lang } = useLocale();
  return (
    <Card as="li" className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <PersonPhoto person={person} className={compact ? "size-16" : "size-24"} />
        <div>
          <h3 className="text-lg text-fg">{person.name}</h3>
          <p lang={person.lang === lang ? undefined : person.lang} className="text-muted">
            {person.role}
          </p>
        </div>
      </div>
      {compact ? null : (
        <div
          lang={person.lang === lang ? undefined : person.lang}
          className="space-y-3 text-pretty text-muted"
          dangerouslySetInnerHTML={{ __html: person.bio }}
        />
      )}
      {person.profile ? (
        <a
          href={person.profile}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex min-h-11 items-center gap-2 self-start rounded-md font-medium text-brand-text hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t("people.profile", { name: person.name })}
          <span className="sr-only"> {t("people.newTab")}</span>
        </a>
      ) : null}
    </Card>
  );
}

/** An article's byline: who wrote it, with photo and role. */
export function Byline({ person }: { person: Person }) {
  const { t, lang } = useLocale();
  return (
    <p className="mt-6 flex items-center gap-3 text-base">
      <PersonPhoto person={person} className="size-12" />
      <span>
        {t("people.byline")} <strong className="font-semibold text-fg">{person.name}</strong>
        <span className="block text-sm" lang={person.lang === lang ? undefined : person.lang}>
          {person.role}
        </span>
      </span>
    </p>
  );
}
