import { languages, siteConfig } from "#app/config/site.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { sweepPages } from "#tests/e2e/page-sweep.ts";

// The build with German published (the "german" project): every German URL. The others are
// the default build's pages, swept in page-sweep.spec.ts, with a fourth language in their
// head links and switcher: seo.spec.ts checks those in this build's HTML, URL by URL.
sweepPages(publishedLanguages({ ...siteConfig, publishedLanguages: languages }), {
  visited: ["de"],
});
