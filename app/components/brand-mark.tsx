import { cn } from "~/components/ui/cn";

export type BrandId = "lab" | "consultancy";

/**
 * Each brand's own mark and accent: the development unit in the brand blue (code brackets
 * around a spark: things get built), the consultancy in terracotta (modules fitting
 * together: architecture). Decorative; the brand's name is always written beside it.
 */
export const brandAccent = {
  lab: { text: "text-brand-text", tile: "bg-brand-soft", rule: "border-t-brand" },
  consultancy: { text: "text-accent", tile: "bg-accent-soft", rule: "border-t-accent" },
} as const;

export function BrandMark({ brand, small = false }: { brand: BrandId; small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-tile",
        small ? "size-9" : "size-12",
        brandAccent[brand].tile,
        brandAccent[brand].text,
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
