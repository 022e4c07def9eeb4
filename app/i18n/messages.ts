// Made by scripts/messages-type.ts (npm run typecheck) from content/locales/es/: do not edit.
// The catalogue's shape: one property per file, as app/i18n/catalogues.server.ts merges them.
import type part0 from "#content/locales/es/about.json";
import type part1 from "#content/locales/es/ask.json";
import type part2 from "#content/locales/es/booking.json";
import type part3 from "#content/locales/es/brands.json";
import type part4 from "#content/locales/es/caseStudies.json";
import type part5 from "#content/locales/es/company.json";
import type part6 from "#content/locales/es/contact.json";
import type part7 from "#content/locales/es/cta.json";
import type part8 from "#content/locales/es/engagement.json";
import type part9 from "#content/locales/es/error.json";
import type part10 from "#content/locales/es/faq.json";
import type part11 from "#content/locales/es/footer.json";
import type part12 from "#content/locales/es/home.json";
import type part13 from "#content/locales/es/insights.json";
import type part14 from "#content/locales/es/legal.json";
import type part15 from "#content/locales/es/nav.json";
import type part16 from "#content/locales/es/notFound.json";
import type part17 from "#content/locales/es/panel.json";
import type part18 from "#content/locales/es/people.json";
import type part19 from "#content/locales/es/seo.json";
import type part20 from "#content/locales/es/services.json";

export type Messages = {
  about: typeof part0;
  ask: typeof part1;
  booking: typeof part2;
  brands: typeof part3;
  caseStudies: typeof part4;
  company: typeof part5;
  contact: typeof part6;
  cta: typeof part7;
  engagement: typeof part8;
  error: typeof part9;
  faq: typeof part10;
  footer: typeof part11;
  home: typeof part12;
  insights: typeof part13;
  legal: typeof part14;
  nav: typeof part15;
  notFound: typeof part16;
  panel: typeof part17;
  people: typeof part18;
  seo: typeof part19;
  services: typeof part20;
};
