import type { ComponentProps } from "react";
import { cn } from "#app/components/ui/cn.ts";

const variants = {
  primary: "bg-brand text-on-brand hover:bg-brand-hover shadow-card",
  outline:
    "border border-line-strong bg-surface-raised text-fg hover:border-brand-text hover:text-brand-text",
  /** On the call-to-action band. */
  inverse: "bg-on-band text-band hover:bg-on-band-muted shadow-card focus-visible:outline-on-band",
} as const;

/** Both keep a 44 px target; the small one fits the header. */
const sizes = { md: "px-5 py-2.5 text-base", sm: "px-4 py-2 text-sm" } as const;

type Variant = keyof typeof variants;

function buttonClass(
  variant: Variant = "primary",
  className?: string,
  size: keyof typeof sizes = "md",
): string {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    sizes[size],
    variants[variant],
    className,
  );
}

export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<"a"> & { variant?: Variant; size?: keyof typeof sizes }) {
  return <a className={buttonClass(variant, className, size)} {...props} />;
}

export function Button({
  variant,
  className,
  ...props
}: ComponentProps<"button"> & { variant?: Variant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}
