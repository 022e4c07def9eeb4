import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";

/** The small label above a heading, led by a short terracotta rule; the same everywhere. */
export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        "flex items-start gap-2.5 text-sm font-semibold tracking-wider text-accent uppercase",
        // The rule stays beside the first line when a long label wraps.
        "before:mt-[calc(0.5lh-1px)] before:h-0.5 before:w-6 before:shrink-0 before:rounded-full before:bg-accent",
        className,
      )}
    >
      {children}
    </p>
  );
}
