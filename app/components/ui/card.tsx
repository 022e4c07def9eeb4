import type { HTMLAttributes } from "react";
import { cn } from "#app/components/ui/cn.ts";

const paddings = { none: "", sm: "p-4 sm:p-5", md: "p-6", lg: "p-6 sm:p-8" } as const;
const tones = {
  raised: "border-line bg-surface-raised",
  /** An open invitation rather than content: dashed, on the muted surface. */
  open: "border-dashed border-line-strong bg-surface-muted",
} as const;

/**
 * The one panel of the site: raised surface, hairline border, card radius. `raised` lifts it
 * further (floating over artwork); `link` makes the whole card follow the link inside it.
 */
export function Card({
  as: Tag = "div",
  padding = "md",
  tone = "raised",
  raised = false,
  link = false,
  className,
  ...props
}: HTMLAttributes<HTMLElement> & {
  as?: "div" | "li" | "article" | "section";
  padding?: keyof typeof paddings;
  tone?: keyof typeof tones;
  raised?: boolean;
  link?: boolean;
}) {
  return (
    <Tag
      className={cn(
        "rounded-card border",
        tones[tone],
        raised ? "shadow-raised" : "shadow-card",
        paddings[padding],
        link && "card-link",
        className,
      )}
      {...props}
    />
  );
}
