import { startTransition, StrictMode, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { ContactForm } from "#app/components/contact-form.tsx";
import { contactIsland, type ContactIslandData } from "#app/components/contact-form-island.tsx";
import { bookingIsland, type BookingIslandData } from "#app/booking/island.ts";
import type { Language } from "#app/config/site.ts";
import { createI18n, type Messages } from "#app/i18n/i18n.ts";

/** Hydrates the island `root` with what `render` makes of its data, in the page's language. */
function hydrate<Data extends { messages: unknown }>(
  ids: { root: string; data: string },
  render: (data: Data) => ReactNode,
) {
  const root = document.getElementById(ids.root);
  const text = document.getElementById(ids.data)?.textContent;
  if (!root || !text) return;
  const data = JSON.parse(text) as Data;
  const i18n = createI18n(document.documentElement.lang as Language, data.messages as Messages);
  // A textarea whose value is set counts as edited: a change of its default text (which React
  // makes while hydrating it) no longer changes what it shows, so text the visitor typed before
  // this script ran, and the caret, stay as they are (Textarea in form-parts.tsx says why).
  for (const box of root.querySelectorAll("textarea")) {
    const text = box.value;
    box.value = text;
  }
  // A transition lets React hydrate in small slices instead of one long task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <I18nextProvider i18n={i18n}>{render(data)}</I18nextProvider>
      </StrictMode>,
    );
  });
}

// Pages are prerendered HTML; only the contact form and the booking calendar come alive.
hydrate<ContactIslandData>(contactIsland, ({ props }) => <ContactForm {...props} />);
if (document.getElementById(bookingIsland.root)) {
  // Its own chunk: the contact page does not load the calendar's code.
  void import("#app/components/booking-picker.tsx").then(({ BookingPicker }) =>
    hydrate<BookingIslandData>(bookingIsland, ({ props }) => <BookingPicker {...props} />),
  );
}
