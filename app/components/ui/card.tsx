import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/** A bordered panel; pass `as="li"` inside lists. */
export function Card({
  as: Tag = "div",
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: "div" | "li" | "article" | "section" }) {
  return (
    <Tag
      className={cn("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}
      {...props}
    />
  );
}
