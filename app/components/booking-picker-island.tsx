import { useTranslation } from "react-i18next";
import { BookingPicker, type BookingPickerProps } from "#app/components/booking-picker.tsx";
import { JsonScript } from "#app/components/ui/json-script.tsx";
import { bookingIsland, type BookingIslandData } from "#app/booking/island.ts";

/**
 * The booking calendar as the page's only hydrated part: React in the browser takes over this
 * element alone, so the page ships neither the router nor the other pages' code.
 */
export function BookingPickerIsland(props: BookingPickerProps) {
  const { i18n } = useTranslation();
  const resource = (key: string) => i18n.getResource(i18n.language, "translation", key);
  const data: BookingIslandData = {
    props,
    messages: {
      // Without the e-mails' texts, which the calendar never shows.
      booking: Object.fromEntries(
        Object.entries(resource("booking") as Record<string, unknown>).filter(
          ([key]) => key !== "mail",
        ),
      ),
      contact: { form: resource("contact.form") },
      company: resource("company"),
    },
  };
  return (
    <>
      <JsonScript type="application/json" id={bookingIsland.data} data={data} />
      {/* Loaded with the page: its times switch to the visitor's clock before any is chosen. */}
      <div id={bookingIsland.root} data-island="eager">
        <BookingPicker {...props} />
      </div>
    </>
  );
}
