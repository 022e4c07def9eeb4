import { languageName } from "#app/i18n/language-name.ts";
import { useLanguageLinks } from "#app/routing/language-links.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { cn } from "#app/components/ui/cn.ts";

/**
 * ES / EN / CA links to the same page in each language (an article's translation, or the
 * list when it has none). The page script remembers the choice in the language cookie
 * when one is pressed.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, lang } = useLocale();
  const links = useLanguageLinks();
  return (
    <ul
      aria-label={t("nav.languages")}
      className={cn("flex items-center min-[380px]:gap-0.5", className)}
    >
      {/* 44 px wide where the bar has room, narrowing to 24 px (WCAG 2.5.8) where it has not. */}
      {publishedLanguages().map((code) => {
        const active = code === lang;
        return (
          <li key={code} className="min-w-6 shrink">
            <a
              href={links[code]}
              lang={code}
              hrefLang={code}
              // The language's own name, then the visible code, so speech input can
              // use what is on screen (WCAG 2.5.3): "Español, ES".
              aria-label={`${languageName(code)}, ${code.toUpperCase()}`}
              aria-current={active ? "true" : undefined}
              data-language-choice={code}
              className={cn(
                "inline-flex h-11 w-11 max-w-full items-center justify-center rounded-md border text-sm font-semibold",
                // The current language is outlined, quieter than the call to action beside it.
                active
                  ? "border-brand-text text-brand-text"
                  : "border-transparent text-muted hover:bg-surface-muted hover:text-fg",
              )}
            >
              {code.toUpperCase()}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
