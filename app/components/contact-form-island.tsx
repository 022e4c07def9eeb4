import { useTranslation } from "react-i18next";
import { ContactForm, type ContactFormProps } from "#app/components/contact-form.tsx";
import { JsonScript } from "#app/components/ui/json-script.tsx";

/** Where the browser finds the form to hydrate and the data it was rendered with. */
export const contactIsland = { root: "contact-form", data: "contact-form-data" } as const;

export type ContactIslandData = {
  props: ContactFormProps;
  /** Only the strings the form uses, in the page's language. */
  messages: { contact: { form: unknown }; company: unknown };
};

/**
 * The contact form as the page's only hydrated part: React in the browser takes over this
 * element alone, so the page ships neither the router nor the other pages' code.
 */
export function ContactFormIsland(props: ContactFormProps) {
  const { i18n } = useTranslation();
  const data: ContactIslandData = {
    props,
    messages: {
      contact: { form: i18n.getResource(i18n.language, "translation", "contact.form") },
      // The per-language company facts every text may interpolate ({{inRegion}}).
      company: i18n.getResource(i18n.language, "translation", "company"),
    },
  };
  return (
    <>
      <JsonScript type="application/json" id={contactIsland.data} data={data} />
      <div id={contactIsland.root} data-island className="flex flex-1 flex-col">
        <ContactForm {...props} />
      </div>
    </>
  );
}
