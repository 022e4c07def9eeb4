/**
 * The seven services in the order the site presents them (texts in `services.items.<id>`),
 * each with its emoji and the brand that delivers it (`siteConfig.brands`).
 */
export const services = [
  { id: "consulting", icon: "🔍", brand: "consultancy" },
  { id: "software", icon: "💻", brand: "lab" },
  { id: "automation", icon: "⚙️", brand: "lab" },
  { id: "architecture", icon: "🏗️", brand: "consultancy" },
  { id: "ai", icon: "🤖", brand: "lab" },
  { id: "assistants", icon: "💬", brand: "lab" },
  { id: "platforms", icon: "🌐", brand: "lab" },
] as const;

/** Every service lists three deliverables (`services.items.<id>.deliverables.<d>`). */
export const deliverables = ["d1", "d2", "d3"] as const;

export type Service = (typeof services)[number];

/** The home page features services 1, 3 and 5. */
export const featuredServices: Service[] = [services[0], services[2], services[4]];
