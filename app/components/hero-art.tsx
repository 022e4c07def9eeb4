import { Bot, Cog, Map } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

function CardTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-fg">
      <span className="tile size-8 text-base">{icon}</span>
      {children}
    </p>
  );
}

/**
 * The hero's right half: three small interface cards (an automation flow, an assistant's
 * answer, a project roadmap) staggered over a soft glow, showing what the company builds.
 * Phones get the assistant alone, so the hero stays one screen. Pure decoration, hidden
 * from assistive technology; HTML and inline SVG, so it costs no request.
 */
export function HeroArt() {
  const { t } = useLocale();
  const flow = [
    t("home.hero.art.flow.in"),
    t("home.hero.art.flow.process"),
    t("home.hero.art.flow.out"),
  ];
  const phases = [
    { label: t("home.hero.art.roadmap.discover"), width: "w-full", tone: "bg-accent" },
    { label: t("home.hero.art.roadmap.build"), width: "w-3/5", tone: "bg-brand" },
    { label: t("home.hero.art.roadmap.launch"), width: "w-1/6", tone: "bg-brand" },
  ];
  return (
    <div
      aria-hidden="true"
      data-hero-art
      className="relative isolate mx-auto w-full max-w-md lg:max-w-none"
    >
      {/* The glow: two soft discs, the brand blue and the warm accent. */}
      <div className="absolute -inset-8 -z-10">
        <div className="glow absolute top-0 right-0 size-3/4 text-brand opacity-30" />
        <div className="glow absolute bottom-0 left-0 size-1/2 text-accent opacity-25" />
      </div>
      {/*
       * Three cards in a staggered column, left, right, left: the assistant in front, lifted by
       * a deeper shadow. They sit in the flow of the page, so none can cover another's content
       * whatever the language's lengths. Only the front card has an entry animation: the others
       * appear at a breakpoint, and an element that appears starts its animation again, half
       * transparent.
       */}
      <div className="flex flex-col gap-4">
        <Card padding="sm" className="hidden lg:block lg:w-[78%]">
          <CardTitle icon={<Cog className="size-4" />}>{t("home.hero.art.flow.title")}</CardTitle>
          <ol className="mt-4 flex gap-2">
            {/* Plain text and an arrow glyph: the home page's document must stay small. */}
            {flow.map((label, i) => (
              <li key={label} className="flex min-w-0 flex-1 items-center gap-2">
                <span className="flex min-w-0 flex-1 items-center justify-center self-stretch rounded-lg border border-line bg-surface p-2 text-center text-xs leading-tight text-muted">
                  {label}
                </span>
                {i < flow.length - 1 ? <span className="text-accent">→</span> : null}
              </li>
            ))}
          </ol>
        </Card>
        <Card
          raised
          padding="sm"
          className="motion-safe:animate-enter motion-safe:[animation-delay:0.1s] lg:w-[66%] lg:self-end"
        >
          <CardTitle icon={<Bot className="size-4" />}>{t("home.hero.art.chat.title")}</CardTitle>
          <div className="mt-4 space-y-2 text-sm">
            <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-brand px-3 py-2 text-on-brand">
              {t("home.hero.art.chat.question")}
            </p>
            <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-surface-muted px-3 py-2 text-fg">
              {t("home.hero.art.chat.answer")}
            </p>
          </div>
        </Card>
        <Card padding="sm" className="hidden lg:block lg:w-[58%]">
          <CardTitle icon={<Map className="size-4" />}>
            {t("home.hero.art.roadmap.title")}
          </CardTitle>
          <ul className="mt-4 space-y-3">
            {phases.map(({ label, width, tone }) => (
              <li
                key={label}
                className="grid grid-cols-[7rem_1fr] items-center gap-3 text-xs text-muted"
              >
                {label}
                <span className="h-2 overflow-hidden rounded-full bg-surface-muted">
                  <span className={cn("block h-full rounded-full", width, tone)} />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
