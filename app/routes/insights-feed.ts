import { summaries } from "virtual:insights";
import { insightsFeed } from "#app/insights/feed.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";
import type { Route } from "./+types/insights-feed";

/** /insights/feed.xml (and /en/…, /ca/…): the language's Atom feed, prerendered at build. */
export function loader({ request }: Route.LoaderArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return new Response(insightsFeed(lang, summaries), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
}
