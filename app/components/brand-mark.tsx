import type { ReactNode } from "react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";

export type BrandId = "lab" | "consultancy";

/**
 * Each brand's own mark and accent. Nexo Labs (the development unit) is violet, code brackets
 * around a spark; Arquitek Consulting is olive green, modules fitting together. A brand's
 * colour appears only in its mark, the mark's chip and its panel's top rule: everything else
 * in a panel is the parent's (the one card of the site). A brand wears its colour wherever it
 * is shown (the home page, /brands, /services), so a visitor learns it once.
 * The marks are decorative: the brand's name is always written beside them.
 */
const accents = {
  lab: { text: "text-lab", tile: "bg-lab-soft", rule: "[--rule:var(--lab)]" },
  consultancy: { text: "text-consult", tile: "bg-consult-soft", rule: "[--rule:var(--consult)]" },
} as const;

export function BrandMark({ brand, small = false }: { brand: BrandId; small?: boolean }) {
  const accent = accents[brand];
  return (
    <span
      aria-hidden="true"
      data-brand-mark={brand}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-tile",
        small ? "size-9" : "size-12",
        accent.tile,
        accent.text,
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

/**
 * One brand's panel, the same on the home page and the brands page: the site's card with the
 * brand's rule on top, its mark and name, the "by" line naming the parent, its tagline, then
 * `children`.
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
    <Card
      as={Tag}
      data-brand={brand}
      padding={large ? "xl" : "lg"}
      className={cn(
        // The rule (`brand-rule`, app/app.css) is a strip inside the card's own hairline,
        // clipped by its radius: a thicker top border would taper into the thin sides.
        "relative flex flex-col overflow-hidden brand-rule",
        accents[brand].rule,
        className,
      )}
      {...props}
    >
      <div className="flex items-center gap-4">
        <BrandMark brand={brand} />
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
        className={cn("mt-6 font-semibold text-balance text-fg", large && "text-lg")}
      >
        {tagline}
      </p>
      {children}
    </Card>
  );
}
