import { defineConfig } from "vitest/config";
import { cataloguePlugin } from "./scripts/catalogue-plugin.ts";

const root = new URL(".", import.meta.url).pathname;

/** The package.json "imports" (#server/*, #shared/*, #web/*) for Vitest's resolver. */
export const alias = [
  { find: /^#server\/(.*)$/, replacement: `${root}src/server/$1` },
  { find: /^#shared\/(.*)$/, replacement: `${root}src/shared/$1` },
  { find: /^#web\/(.*)$/, replacement: `${root}src/web/$1` },
];

const TIMING = "test/api/security-timing.test.ts";

const shared = {
  setupFiles: ["test/support/fail-on-console-error.ts"],
  // The run's reusable PostgreSQL schemas (test/support/schema-pool.ts), dropped when it ends.
  globalSetup: ["test/support/schema-pool.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
};

export default defineConfig({
  plugins: [cataloguePlugin()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "unit",
          include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
          exclude: ["test/integration/**", TIMING],
          // One worker per job (2 cores): reusing its loaded modules across files instead of importing the
          // server afresh for each saves a third of an API job (measured: 391 s → 252 s for the SQLite pass).
          // Every suite builds its own app and database, so no state is shared through the module cache.
          isolate: false,
        },
      },
      {
        // Compares answer times: `npm test` runs it alone, after the others, on a quiet machine.
        extends: true,
        test: { ...shared, name: "timing", include: [TIMING] },
      },
      {
        // Spawned servers, kill -9 rounds and outages under load: timing-sensitive on 2 cores, so these
        // run after the other suites and one file at a time (issue 7).
        extends: true,
        test: {
          ...shared,
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
