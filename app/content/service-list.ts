import type { Messages } from "#app/i18n/messages.ts";
import serviceData from "#content/services.json" with { type: "json" };

/** A service's key: its texts are `services.items.<id>` in the catalogues. */
type ServiceId = keyof Messages["services"]["items"];

export type Service = {
  id: ServiceId;
  icon: string;
  /** The brand that delivers it (`siteConfig.brands`). */
  brand: "lab" | "consultancy";
  /** Shown on the home page too. */
  featured: boolean;
};

/**
 * The services in the order the site presents them (content/services.json, checked at start
 * with each id's texts in the catalogues: app/content/check.server.ts).
 */
export const services = serviceData.services as readonly Service[];

/** Every service lists three deliverables (`services.items.<id>.deliverables.<d>`). */
export const deliverables = ["d1", "d2", "d3"] as const;

/** The services the home page features. */
export const featuredServices = services.filter((service) => service.featured);
