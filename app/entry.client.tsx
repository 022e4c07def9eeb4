import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { ContactForm } from "#app/components/contact-form.tsx";
import { contactIsland, type ContactIslandData } from "#app/components/contact-form-island.tsx";
import type { Language } from "#app/config/site.ts";
import { createI18n, type Messages } from "#app/i18n/i18n.ts";

// Pages are prerendered HTML; only the contact form comes alive in the browser.
const root = document.getElementById(contactIsland.root);
const data = document.getElementById(contactIsland.data)?.textContent;
if (root && data) {
  const { props, messages } = JSON.parse(data) as ContactIslandData;
  const i18n = createI18n(document.documentElement.lang as Language, messages as Messages);
  // A transition lets React hydrate in small slices instead of one long task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <ContactForm {...props} />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}
