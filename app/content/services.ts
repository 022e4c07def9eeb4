/** The seven services in the order the site presents them; texts live in `services.items.<id>`. */
export const services = [
  { id: "consulting", icon: "🔍" },
  { id: "software", icon: "💻" },
  { id: "automation", icon: "⚙️" },
  { id: "architecture", icon: "🏗️" },
  { id: "ai", icon: "🤖" },
  { id: "assistants", icon: "💬" },
  { id: "platforms", icon: "🌐" },
] as const;

export type Service = (typeof services)[number];

/** The home page features services 1, 3 and 5. */
export const featuredServices: Service[] = [services[0], services[2], services[4]];
