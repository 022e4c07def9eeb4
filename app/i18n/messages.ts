// Made by scripts/messages-type.ts (npm run typecheck) from content/locales/es/: do not edit.
// The catalogue's shape: one property per file, as app/i18n/catalogues.server.ts merges them.
import type part0 from "#content/locales/es/about.json";
import type part1 from "#content/locales/es/booking.json";
import type part2 from "#content/locales/es/brands.json";
import type part3 from "#content/locales/es/caseStudies.json";
import type part4 from "#content/locales/es/company.json";
import type part5 from "#content/locales/es/contact.json";
import type part6 from "#content/locales/es/cta.json";
import type part7 from "#content/locales/es/engagement.json";
import type part8 from "#content/locales/es/error.json";
import type part9 from "#content/locales/es/faq.json";
import type part10 from "#content/locales/es/footer.json";
import type part11 from "#content/locales/es/home.json";
import type part12 from "#content/locales/es/insights.json";
import type part13 from "#content/locales/es/legal.json";
import type part14 from "#content/locales/es/nav.json";
import type part15 from "#content/locales/es/notFound.json";
import type part16 from "#content/locales/es/people.json";
import type part17 from "#content/locales/es/seo.json";
import type part18 from "#content/locales/es/services.json";

export type Messages = {
  about: typeof part0;
  booking: typeof part1;
  brands: typeof part2;
  caseStudies: typeof part3;
  company: typeof part4;
  contact: typeof part5;
  cta: typeof part6;
  engagement: typeof part7;
  error: typeof part8;
  faq: typeof part9;
  footer: typeof part10;
  home: typeof part11;
  insights: typeof part12;
  legal: typeof part13;
  nav: typeof part14;
  notFound: typeof part15;
  people: typeof part16;
  seo: typeof part17;
  services: typeof part18;
};
