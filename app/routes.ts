import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { allPageIds, pages } from "#app/pages.ts";
import {
  articlePath,
  askPath,
  caseStudyPath,
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
  // Each language's articles (content/insights) and their Atom feed, under its insights list.
  ...publishedLanguages().flatMap((lang) => [
    route(articlePath(lang, ":slug").slice(1), "routes/article.tsx", { id: `${lang}/article` }),
    route(insightsFeedPath(lang).slice(1), "routes/insights-feed.ts", { id: `${lang}/feed` }),
  ]),
  // Each language's case studies (content/case-studies), under their list.
  ...publishedLanguages().map((lang) =>
    route(caseStudyPath(lang, ":slug").slice(1), "routes/case-study.tsx", {
      id: `${lang}/case-study`,
    }),
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
