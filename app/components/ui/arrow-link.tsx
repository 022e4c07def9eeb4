import { ArrowRight } from "lucide-react";
import { cn } from "#app/components/ui/cn.ts";

/**
 * A text link ending in an arrow ("See all services →") with a 44 px target. The text is one
 * inline run inside the link, and its last word and the arrow never part: when the text wraps
 * on a narrow screen the arrow follows the last word instead of standing alone at the far edge.
 */
export function ArrowLink({
  href,
  children,
  className,
}: {
  href: string;
  children: string;
  className?: string;
}) {
  const cut = children.trimEnd().lastIndexOf(" ") + 1;
  return (
    <a
      href={href}
      className={cn(
        "inline-flex min-h-11 items-center rounded-md font-semibold text-brand-text hover:underline",
        className,
      )}
    >
      <span>
        {children.slice(0, cut)}
        <span className="whitespace-nowrap">
          {children.slice(cut)}
          <ArrowRight aria-hidden="true" className="ml-1.5 inline size-4 align-[-0.125em]" />
        </span>
      </span>
    </a>
  );
}
