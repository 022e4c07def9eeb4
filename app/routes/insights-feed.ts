import { summaries } from "virtual:insights";
import { insightsFeed } from "~/insights/feed";
import { parseLocalizedPath } from "~/routing/paths";
import type { Route } from "./+types/insights-feed";

/** /insights/feed.xml (and /en/…, /ca/…): the language's Atom feed, prerendered at build. */
export function loader({ request }: Route.LoaderArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return new Response(insightsFeed(lang, summaries), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
}
