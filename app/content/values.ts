import { BadgeCheck, Eye, Handshake, Shuffle, Sparkles } from "lucide-react";

/** The company's five values in the order the site presents them (texts in `about.values.<id>`), each with its line icon. */
export const values = [
  { id: "innovation", icon: Sparkles },
  { id: "transparency", icon: Eye },
  { id: "excellence", icon: BadgeCheck },
  { id: "versatility", icon: Shuffle },
  { id: "proximity", icon: Handshake },
] as const;
