// Every migration, by name: applied in name order, each once. Add a new one at the end as
// `NNNN-what-it-does.ts`, written once with Kysely's schema builder for both databases;
// never change one that has shipped.
import type { Migration } from "kysely/migration";
import { up as initialSchema } from "#app/database/migrations/0001-initial-schema.ts";
import { up as bookings } from "#app/database/migrations/0002-bookings.ts";
import { up as bookingHolds } from "#app/database/migrations/0003-booking-holds.ts";
import { up as panel } from "#app/database/migrations/0004-panel.ts";
import { up as auditCounts } from "#app/database/migrations/0005-audit-counts.ts";

export const migrations: Record<string, Migration> = {
  "0001-initial-schema": { up: initialSchema },
  "0002-bookings": { up: bookings },
  "0003-booking-holds": { up: bookingHolds },
  "0004-panel": { up: panel },
  "0005-audit-counts": { up: auditCounts },
};
