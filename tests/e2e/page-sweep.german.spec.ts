import { languages, siteConfig } from "#app/config/site.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { sweepPages } from "#tests/e2e/page-sweep.ts";

// The build with German published (the "german" project): every URL, German and the others,
// whose head links and language switcher now name four languages. axe audits the German
// pages; the others differ from the default build's, audited in page-sweep.spec.ts, only by
// those head links and the switcher's fourth link, which the German pages show too.
sweepPages(publishedLanguages({ ...siteConfig, publishedLanguages: languages }), {
  audited: ["de"],
});
