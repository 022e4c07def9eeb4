import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { pageIds, pages } from "#app/pages.ts";
import {
  articlePath,
  bookingManagePath,
  bookingPath,
  contactSentPath,
  insightsFeedPath,
  localizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";

export default [
  // Every page of the registry in every published language; the id says which (`en/about`).
  ...publishedLanguages().flatMap((lang) =>
    pageIds.map((page) => {
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
  // Each language's articles (content/insights) and their Atom feed, under its insights list.
  ...publishedLanguages().flatMap((lang) => [
    route(articlePath(lang, ":slug").slice(1), "routes/article.tsx", { id: `${lang}/article` }),
    route(insightsFeedPath(lang).slice(1), "routes/insights-feed.ts", { id: `${lang}/feed` }),
  ]),
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
