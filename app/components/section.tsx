import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";
import { Eyebrow } from "#app/components/ui/eyebrow.tsx";
import { keepCompounds } from "#app/text/compounds.tsx";

/** Small label, title and subtitle: the same header on every section of the site. */
function SectionHeader({
  id,
  label,
  title,
  subtitle,
  centered = false,
  className,
}: {
  id: string;
  label?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  centered?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("max-w-3xl", centered && "mx-auto text-center", className)}>
      {label ? <Eyebrow className={cn(centered && "justify-center")}>{label}</Eyebrow> : null}
      <h2
        id={id}
        className={cn(
          "text-3xl tracking-tight text-balance text-fg sm:text-4xl",
          label ? "mt-3" : undefined,
        )}
      >
        {keepCompounds(title)}
      </h2>
      {subtitle ? <p className="mt-4 text-lg text-pretty text-muted">{subtitle}</p> : null}
    </div>
  );
}

/**
 * A page section: full-width band on the base or the muted surface (pages alternate them,
 * and a hairline keeps neighbours apart), its header, and the content in the page's column.
 * `split`: on wide screens the header on the left and the content beside it (a list that
 * would leave the right of the column empty, such as the questions). Labelled by its title.
 */
export function Section({
  id,
  label,
  title,
  subtitle,
  tone = "base",
  centered,
  split,
  children,
  className,
}: {
  id: string;
  label?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  tone?: "base" | "muted";
  centered?: boolean;
  split?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        tone === "muted" ? "border-y border-line bg-surface-muted" : "bg-surface",
        className,
      )}
    >
      <div
        className={cn(
          "mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24",
          split && "lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-16",
        )}
      >
        <SectionHeader
          id={id}
          label={label}
          title={title}
          subtitle={subtitle}
          centered={centered}
        />
        {children}
      </div>
    </section>
  );
}
