// The checks `npm run deploy` runs on a new release before it builds it (scripts/deploy.ts):
// the content files, every catalogue against Spanish, every article's front matter. Exits
// non-zero with one line per mistake, naming the file and the field, in the words the owner
// is e-mailed.
//   node scripts/check-release.ts
// Loading the settings checks content/languages.json, company.json and services.json, and
// stops with their mistakes (app/config/settings.server.ts).
import "#app/config/settings.server.ts";
import { catalogueProblems } from "#app/i18n/catalogues.server.ts";
import { loadInsights } from "#app/insights/content.server.ts";

const problems = catalogueProblems();
try {
  await loadInsights();
} catch (error) {
  problems.push(`  ${error instanceof Error ? error.message : String(error)}`);
}
if (problems.length > 0) {
  console.error(`Invalid content:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("Content, catalogues and articles: no mistakes");
