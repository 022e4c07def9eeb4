import type { HTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

/** A bordered panel on the raised surface; pass `as="li"` inside lists. */
export function Card({
  as: Tag = "div",
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: "div" | "li" | "article" | "section" }) {
  return (
    <Tag
      className={cn("rounded-card border border-line bg-surface-raised p-6 shadow-card", className)}
      {...props}
    />
  );
}
