// Brings the database up to date with this release's migrations, then exits. `npm run deploy`
// runs it (as the site's user: deploy/site-migrate@.service) before the switch, while the
// release before still serves; the server runs the same migrations at start.
//   node scripts/migrate.ts
import { settings } from "#app/config/settings.server.ts";
import { openDatabase } from "#app/database/database.server.ts";

const { DATABASE_URL, DATABASE_PATH } = settings.contact;
const database = await openDatabase({ url: DATABASE_URL, path: DATABASE_PATH });
await database.close();
console.log("The database is up to date");
