import type { ReactNode } from "react";
import { Motif } from "#app/components/motif.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Eyebrow } from "#app/components/ui/eyebrow.tsx";
import { keepCompounds } from "#app/text/compounds.tsx";

/**
 * A page's h1 with its lead paragraph, on the muted surface with the brand motif, which
 * fades out towards the text. `narrow` aligns it with a reading column (legal pages).
 */
export function PageHeader({
  title,
  label,
  narrow = false,
  children,
}: {
  title: ReactNode;
  label?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden border-b border-line bg-surface-muted">
      <div
        className={cn(
          "mx-auto px-4 py-14 motion-safe:animate-enter sm:px-6 sm:py-20",
          narrow ? "max-w-3xl" : "max-w-6xl",
        )}
      >
        {label ? <Eyebrow className="mb-3">{label}</Eyebrow> : null}
        <h1 className="max-w-3xl text-4xl tracking-tight text-balance text-fg sm:text-5xl">
          {keepCompounds(title)}
        </h1>
        {children ? (
          <div className="mt-5 max-w-3xl text-lg text-pretty text-muted sm:text-xl">{children}</div>
        ) : null}
      </div>
      <Motif className="absolute inset-y-0 right-0 -z-10 hidden h-full w-1/2 text-brand-text opacity-25 fade-left sm:block" />
    </header>
  );
}
