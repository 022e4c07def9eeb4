import type { ReactNode } from "react";

/** A page's h1 with an optional lead paragraph. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-14 motion-safe:animate-enter sm:px-6 sm:py-20">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-5 max-w-3xl text-lg text-slate-600">{children}</div> : null}
      </div>
    </header>
  );
}
