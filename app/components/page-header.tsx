import type { ReactNode } from "react";
import { Motif } from "~/components/motif";

/** A page's h1 with its lead paragraph, on the muted surface with the brand motif. */
export function PageHeader({
  title,
  label,
  children,
}: {
  title: ReactNode;
  label?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden border-b border-line bg-surface-muted">
      <div className="mx-auto max-w-6xl px-4 py-14 motion-safe:animate-enter sm:px-6 sm:py-20">
        {label ? (
          <p className="text-sm font-semibold tracking-wider text-accent uppercase">{label}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-5 max-w-3xl text-lg text-pretty text-muted sm:text-xl">{children}</div>
        ) : null}
      </div>
      <Motif className="absolute inset-y-0 right-0 -z-10 h-full w-full text-brand-text opacity-15 sm:w-2/3 lg:w-1/2" />
    </header>
  );
}
