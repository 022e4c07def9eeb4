import type { BookingPickerProps } from "#app/components/booking-picker.tsx";

/** Where the browser finds the booking calendar to hydrate and the data it was rendered with. */
export const bookingIsland = { root: "booking-picker", data: "booking-picker-data" } as const;

export type BookingIslandData = {
  props: BookingPickerProps;
  /** Only the strings the calendar uses, in the page's language. */
  messages: { booking: unknown; contact: { form: unknown }; company: unknown };
};
