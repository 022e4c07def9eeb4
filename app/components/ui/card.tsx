import type { HTMLAttributes } from "react";
import { cn } from "#app/components/ui/cn.ts";

const paddings = {
  none: "",
  sm: "p-4 sm:p-5",
  md: "p-6",
  lg: "p-6 sm:p-8",
  xl: "p-6 sm:p-10",
} as const;

/**
 * The one card of the site: raised surface, hairline border, card radius, soft shadow. Every
 * panel is this card (a brand's panel adds only its coloured top rule). `raised` lifts it
 * further (floating over artwork); `link` makes the whole card follow the link inside it.
 */
export function Card({
  as: Tag = "div",
  padding = "md",
  raised = false,
  link = false,
  className,
  ...props
}: HTMLAttributes<HTMLElement> & {
  "data-brand"?: string;
  as?: "div" | "li" | "article" | "section";
  padding?: keyof typeof paddings;
  raised?: boolean;
  link?: boolean;
}) {
  return (
    <Tag
      className={cn(
        "rounded-card border border-line bg-surface-raised",
        raised ? "shadow-raised" : "shadow-card",
        paddings[padding],
        link && "card-link",
        className,
      )}
      {...props}
    />
  );
}
