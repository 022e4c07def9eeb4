import type { KnipConfig } from "knip";

// `npm run validate` runs knip: no unused files, exports or dependencies.
export default {
  // The server bundle's entries (vite.config.ts: the server, the calendar's worker thread), the
  // commands in package.json, the benchmarks and the content editor's script (loaded by
  // app/admin/index.html, built by scripts/build-admin.ts).
  entry: [
    "server/app.ts",
    "app/booking/calendar-worker.server.ts",
    "scripts/*.{js,ts}",
    "bench/*.ts",
    "app/admin/editor.ts",
  ],
  project: ["**/*.{js,ts,tsx,css}"],
  compilers: {
    // Stylesheets load packages with `@import "name"`: hand those imports to knip.
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n"),
  },
  // System tools the tests and benchmarks call (installed by .ci/run or part of the OS), not by npm,
  // and the shell's own `wait` (test:e2e runs the two builds at once).
  ignoreBinaries: ["apt-get", "openssl", "systemd-analyze", "systemd-socket-activate"],
  // Files read through require.resolve: fonts with a computed path (scripts/build-images.ts)
  // and the Nu Html Checker's jar (tests/e2e/html-conformance.spec.ts).
  ignoreDependencies: ["@fontsource/inter", "vnu-jar"],
} satisfies KnipConfig;
