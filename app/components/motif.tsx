import { cn } from "~/components/ui/cn";

/**
 * The brand motif: contour lines of a coastline, with a few network nodes on them. Drawn
 * from a handful of numbers so every page carries the same shape in a few hundred bytes;
 * it takes its colour from the surrounding text (`currentColor`) and is decoration only.
 */
const lines = [0, 1, 2, 3, 4, 5].map((i) => {
  const y = 40 + i * 26;
  const swing = 18 + i * 3;
  return `M-10 ${y}C60 ${y - swing} 110 ${y + swing} 180 ${y}S300 ${y - swing} 410 ${y + 6}`;
});
const nodes = [
  [180, 66],
  [300, 96],
  [120, 128],
  [250, 170],
] as const;

/**
 * Goes last in its positioned container: a browser may paint a page before all of it has
 * arrived, and a motif pinned to a container that then grows would move (layout shift).
 */
export function Motif({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 400 200"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className={cn("pointer-events-none", className)}
    >
      <g fill="none" stroke="currentColor" strokeWidth="1.25">
        {lines.map((d) => (
          <path key={d} d={d} vectorEffect="non-scaling-stroke" />
        ))}
      </g>
      <g fill="currentColor">
        {nodes.map(([cx, cy]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="3.5" />
        ))}
      </g>
    </svg>
  );
}
