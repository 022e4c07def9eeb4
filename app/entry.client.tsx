import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import type { Language } from "~/config/site";
import { createI18n, type Messages } from "~/lib/i18n";

// One lazily loaded chunk per catalogue: the page fetches only its own language.
const catalogueLoaders = import.meta.glob<Messages>("./locales/*.json", { import: "default" });

async function hydrate() {
  const lang = document.documentElement.lang as Language;
  const load = catalogueLoaders[`./locales/${lang}.json`];
  if (!load) throw new Error(`No catalogue for language "${lang}"`);
  const i18n = createI18n(lang, await load());
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
