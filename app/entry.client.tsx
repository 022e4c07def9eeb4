import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { ContactForm } from "~/components/contact-form";
import { contactIsland, type ContactIslandData } from "~/components/contact-form-island";
import type { Language } from "~/config/site";
import { createI18n, type Messages } from "~/i18n/i18n";

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
