import { cn } from "#app/components/ui/cn.ts";

/**
 * The brand motif: contour lines of the Serra de Tramuntana, the ridge of the mark, each
 * line lower and flatter until the last ones lie down as the sea. Drawn from one profile
 * so every page carries the same shape in a few hundred bytes; it takes its colour from the
 * surrounding text (`currentColor`) and is decoration only. No dots: nothing in it can be
 * mistaken for a smudge next to text.
 */
const profile = [
  [-10, 0],
  [40, 16],
  [72, 40],
  [92, 58],
  [112, 36],
  [138, 48],
  [182, 94],
  [214, 56],
  [236, 62],
  [262, 70],
  [292, 36],
  [318, 42],
  [342, 44],
  [372, 18],
  [410, 6],
] as const;

const lines = [0, 1, 2, 3, 4, 5, 6].map((i) => {
  const base = 104 + i * 15;
  const scale = Math.max(0, 1 - i * 0.18);
  return profile
    .map(([x, h], j) => `${j ? "L" : "M"}${x} ${Math.round(base - h * scale)}`)
    .join("");
});

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
      <g fill="none" stroke="currentColor" strokeWidth="1.25" strokeLinejoin="round">
        {lines.map((d) => (
          <path key={d} d={d} vectorEffect="non-scaling-stroke" />
        ))}
      </g>
    </svg>
  );
}
