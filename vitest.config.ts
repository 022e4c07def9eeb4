import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** The tests that run on a database server: again on PostgreSQL in the `db` project. */
const databaseTests = [
  "app/contact/store.test.ts",
  "app/mail/outbox.test.ts",
  "app/mail/handover.test.ts",
  "app/limits/rate-limit.test.ts",
  "scripts/inbox.test.ts",
  "app/stats/store.server.test.ts",
  "app/database/upgrade.test.ts",
  "app/panel/auth.server.test.ts",
  "scripts/panel.test.ts",
  "app/booking/store.server.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    // One worker per core, not Vitest's default of one less: many files wait on child
    // processes, servers and databases, and on two cores one worker left the other idle.
    maxWorkers: availableParallelism(),
    // A worker loads the app's modules once for all its files instead of once per file (a
    // fifth of Vitest's CPU time on two cores). No test mocks a module or changes the
    // environment or a global, so no file sees another's state.
    isolate: false,
    globalSetup: ["tests/support/temporary-root.ts"],
    projects: [
      // Everything, on SQLite: needs no PostgreSQL server (`npm run test:unit`).
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      // The store's users on a throw-away PostgreSQL server (`npm run test:db`).
      {
        extends: true,
        test: {
          name: "db",
          include: databaseTests,
          env: { TEST_DATABASE: "postgres" },
          // Each file starts a PostgreSQL server in its first test or hook.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
