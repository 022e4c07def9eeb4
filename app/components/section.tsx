import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A page section with its h2, labelled by it for assistive technology. */
export function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("mx-auto max-w-6xl px-4 py-14 sm:px-6", className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
