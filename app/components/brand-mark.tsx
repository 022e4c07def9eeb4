import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";

export type BrandId = "lab" | "consultancy";

/**
 * Each brand's own mark, accent and panel. Nexo Labs (the development unit) is violet, code
 * brackets around a spark, on a soft violet panel; Arquitek Consulting is olive green,
 * modules fitting together, on a white panel with an olive rule. Neither uses the parent's
 * terracotta. The marks are decorative: the brand's name is always written beside them.
 */
const accents = {
  lab: {
    text: "text-lab",
    tile: "bg-lab-soft",
    // A tile on the white surface, as the panel itself is the soft tint.
    panelTile: "bg-surface-raised",
    panel: "rounded-card border border-transparent bg-lab-soft",
  },
  consultancy: {
    text: "text-consult",
    tile: "bg-consult-soft",
    panelTile: "bg-consult-soft",
    panel:
      "rounded-tile border border-line border-l-4 border-l-consult bg-surface-raised shadow-card",
  },
} as const;

export function BrandMark({
  brand,
  small = false,
  onPanel = false,
}: {
  brand: BrandId;
  small?: boolean;
  /** Inside the brand's own panel. */
  onPanel?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-tile",
        small ? "size-9" : "size-12",
        onPanel ? accents[brand].panelTile : accents[brand].tile,
        accents[brand].text,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className={small ? "size-5" : "size-7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {brand === "lab" ? (
          <path d="M8 6 3 12l5 6M16 6l5 6-5 6M12.5 8l-1.5 4h3l-1.5 4" />
        ) : (
          <>
            <rect x="3" y="3" width="8" height="8" rx="1.5" />
            <rect x="13" y="3" width="8" height="8" rx="1.5" />
            <rect x="3" y="13" width="8" height="8" rx="1.5" />
            <rect x="13" y="13" width="8" height="8" rx="1.5" fill="currentColor" />
          </>
        )}
      </svg>
    </span>
  );
}

/** The text colour of a brand's accent, for its tagline and links inside its panel. */
export const brandText = (brand: BrandId) => accents[brand].text;

/**
 * One brand's panel, the same on the home page and the brands page: its mark and name, the
 * "by" line naming the parent, its tagline in its own accent, then `children`.
 */
export function BrandPanel({
  brand,
  name,
  by,
  tagline,
  as: Tag = "div",
  heading: Heading = "h3",
  large = false,
  className,
  children,
  ...props
}: {
  brand: BrandId;
  name: string;
  by: string;
  tagline: string;
  as?: "div" | "li" | "section";
  heading?: "h2" | "h3";
  large?: boolean;
  className?: string;
  children?: ReactNode;
  id?: string;
  "aria-labelledby"?: string;
}) {
  return (
    <Tag
      data-brand={brand}
      className={cn(
        "flex flex-col p-6",
        large ? "sm:p-10" : "sm:p-8",
        accents[brand].panel,
        className,
      )}
      {...props}
    >
      <div className="flex items-center gap-4">
        <BrandMark brand={brand} onPanel />
        <div className="min-w-0">
          <Heading
            id={props["aria-labelledby"]}
            className={cn("tracking-tight text-fg", large ? "text-2xl sm:text-3xl" : "text-2xl")}
          >
            {name}
          </Heading>
          <p className="text-sm text-muted">{by}</p>
        </div>
      </div>
      <p
        data-brand-tagline
        className={cn(
          "mt-6 font-semibold text-balance",
          large ? "text-lg" : "",
          accents[brand].text,
        )}
      >
        {tagline}
      </p>
      {children}
    </Tag>
  );
}
