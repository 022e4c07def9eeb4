import { siteConfig } from "#app/config/site.ts";
import { brandColor, logoMark, sunColor } from "#app/design/brand.ts";

/**
 * The company mark and name; the mark is decorative, the name is the text. The mark keeps
 * its own colours in both schemes, as the favicon does. `compact`: on phones (under 480 px)
 * the name gives its room to the language choice and the call to action beside it, and is
 * only read out.
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const line = {
    fill: "none",
    stroke: "#fff",
    strokeWidth: 2.5,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  return (
    <span className="inline-flex items-center gap-2.5 font-display text-lg font-extrabold tracking-tight text-fg">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill={brandColor} />
        <circle {...logoMark.sun} fill={sunColor} />
        <path d={logoMark.ridge} {...line} />
        <path d={logoMark.sea} {...line} />
      </svg>
      <span className={compact ? "max-[479px]:sr-only" : undefined}>{siteConfig.name}</span>
    </span>
  );
}
