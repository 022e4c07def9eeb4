import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { contactSentPath, localizedPath, publishedLanguages, type PageId } from "./routing/paths";

/** The module that renders each page; every published language gets its own URL for it. */
const pageModules: Record<PageId, string> = {
  home: "routes/home.tsx",
  about: "routes/about.tsx",
  brands: "routes/brands.tsx",
  services: "routes/services.tsx",
  contact: "routes/contact.tsx",
  privacy: "routes/privacy.tsx",
  cookies: "routes/cookies.tsx",
  legal: "routes/legal-notice.tsx",
};

const pages = Object.entries(pageModules) as [PageId, string][];

export default [
  ...publishedLanguages().flatMap((lang) =>
    pages.map(([page, file]) => {
      const id = `${lang}/${page}`;
      const path = localizedPath(page, lang);
      return path === "/" ? index(file, { id }) : route(path.slice(1), file, { id });
    }),
  ),
  // The contact page after a message sent without JavaScript (Post/Redirect/Get): the same
  // module, rendered per request because a prerendered page cannot show that state.
  ...publishedLanguages().map((lang) =>
    route(contactSentPath(lang).slice(1), pageModules.contact, { id: `${lang}/contact-sent` }),
  ),
  // Generated at build from the same page list.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route(".well-known/security.txt", "routes/security-txt.ts"),
  // The contact form's JSON endpoint (the form itself posts to its page without JavaScript).
  route("api/contact", "routes/api.contact.ts"),
  // Everything else, including unknown language prefixes, is a 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
