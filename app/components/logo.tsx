import { siteConfig } from "~/config/site";
import { logoMark } from "~/design/brand";

/** The company mark and name; the mark is decorative, the name is the text. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-fg">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand" />
        <path
          d={logoMark.stroke}
          fill="none"
          className="stroke-on-brand"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <circle {...logoMark.dot} className="fill-on-brand" />
      </svg>
      <span>{siteConfig.name}</span>
    </span>
  );
}
