import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 shadow-sm",
  outline:
    "border border-slate-300 bg-white text-slate-900 hover:border-brand-700 hover:text-brand-800",
} as const;

type Variant = keyof typeof variants;

export function buttonClass(variant: Variant = "primary", className?: string): string {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    className,
  );
}

export function ButtonLink({
  variant,
  className,
  ...props
}: ComponentProps<"a"> & { variant?: Variant }) {
  return <a className={buttonClass(variant, className)} {...props} />;
}

export function Button({
  variant,
  className,
  ...props
}: ComponentProps<"button"> & { variant?: Variant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}
