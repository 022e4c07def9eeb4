// npm run check:launch [-- --env-file FILE]: fails, with a list, while the site still carries
// placeholder facts or unsafe production settings. Run it with the environment the server
// and the build get (SITE_URL, SMTP_URL, CONTACT_TO, TRUST_PROXY…), or point it at the
// service's environment file.
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { "env-file": { type: "string" } } });
// Before the settings are imported: they are read once, when they load.
if (values["env-file"]) process.loadEnvFile(values["env-file"]);

const { settings } = await import("#app/config/settings.server.ts");
const { siteConfig } = await import("#app/config/site.ts");
const { builtAddressProblems, builtSecurityTxtProblems, collectionCounts, launchProblems } =
  await import("#app/config/launch-check.server.ts");

// The address the server and the build get (SITE_URL), and the built pages where the server
// finds them (BUILD_DIR, from the current folder).
const site = { ...siteConfig, siteUrl: settings.build.SITE_URL };
const clientDir = path.resolve(settings.build.BUILD_DIR, "client");
const problems = [
  ...launchProblems(
    site,
    settings.contact,
    collectionCounts({
      caseStudies: settings.build.CASE_STUDIES_DIR,
      people: settings.build.PEOPLE_DIR,
    }),
    settings.booking,
  ),
  ...builtAddressProblems(clientDir, site.siteUrl),
  ...builtSecurityTxtProblems(clientDir),
];
if (problems.length) {
  console.error(
    `Not ready to go live (facts: app/config/site.ts; settings: .env.example):\n` +
      problems.map((p) => `  - ${p}`).join("\n"),
  );
  process.exit(1);
}
console.log(`Ready to go live: ${site.siteUrl}`);
