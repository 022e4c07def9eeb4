import { siteConfig } from "~/config/site";

/** The company mark and name; decorative mark, the name is the text. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M9 22c4-1 6-4 7-8 1 4 3 7 7 8"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <circle cx="16" cy="10" r="2.5" fill="#fff" />
      </svg>
      <span>{siteConfig.name}</span>
    </span>
  );
}
