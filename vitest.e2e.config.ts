import { defineConfig } from "vitest/config";
import { alias } from "./vitest.config.ts";

// Browser journeys: one file at a time (each starts the built server and a Chromium).
export default defineConfig({
  resolve: { alias },
  test: {
    include: ["e2e/**/*.spec.ts"],
    setupFiles: ["test/support/fail-on-console-error.ts"],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: "forks",
  },
});
