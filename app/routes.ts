import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { entryRoutes } from "#app/content/collection-site.server.ts";
import { allPageIds, pages } from "#app/pages.ts";
import {
  askPath,
  bookingManagePath,
  bookingPath,
  contactSentPath,
  insightsFeedPath,
  localizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";

export default [
  // Every page of the registry in every published language; the id says which (`en/about`).
  // A collection's list is routed even while empty: its loader then answers 404.
  ...publishedLanguages().flatMap((lang) =>
    allPageIds.map((page) => {
      const id = `${lang}/${page}`;
      const path = localizedPath(page, lang);
      const file = pages[page].module;
      return path === "/" ? index(file, { id }) : route(path.slice(1), file, { id });
    }),
  ),
  // The contact page after a message sent without JavaScript (Post/Redirect/Get): the same
  // module, rendered per request because a prerendered page cannot show that state.
  ...publishedLanguages().map((lang) =>
    route(contactSentPath(lang).slice(1), pages.contact.module, { id: `${lang}/contact/sent` }),
  ),
  // The booking page and the page of a booked call's signed link, rendered per request.
  ...publishedLanguages().flatMap((lang) => [
    route(bookingPath(lang).slice(1), "routes/book.tsx", { id: `${lang}/book` }),
    route(bookingManagePath(lang).slice(1), "routes/book-manage.tsx", {
      id: `${lang}/book/manage`,
    }),
  ]),
  // The page answering questions from the site's pages, rendered per request.
  ...publishedLanguages().map((lang) =>
    route(askPath(lang).slice(1), "routes/ask.tsx", { id: `${lang}/ask` }),
  ),
  // Each collection's entry pages, under its list (`site` in app/content/definitions.server.ts):
  // the articles (content/insights), then the case studies (content/case-studies).
  ...entryRoutes(publishedLanguages()).map(({ path, module, id }) =>
    route(path.slice(1), module, { id }),
  ),
  // Each language's Atom feed of its articles, under its insights list.
  ...publishedLanguages().map((lang) =>
    route(insightsFeedPath(lang).slice(1), "routes/insights-feed.ts", { id: `${lang}/feed` }),
  ),
  // Generated at build from the same page list.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route(".well-known/security.txt", "routes/security-txt.ts"),
  // The contact form's former endpoint for its script: a redirect to the contact page (308).
  route("api/contact", "routes/api.contact.ts"),
  // Everything else, including unknown language prefixes, is a 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
