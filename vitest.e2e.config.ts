import { defineConfig } from "vitest/config";
import { alias } from "./vitest.config.ts";

// Browser journeys: one file at a time (each starts the built server and a Chromium).
export default defineConfig({
  resolve: { alias },
  test: {
    include: ["e2e/**/*.spec.ts"],
    setupFiles: ["test/support/fail-on-console-error.ts", "e2e/support/report-failed-steps.ts"],
    // A journey walks several screens and checks each (axe, light and dark, 1280 and 390 px). On an idle VM one
    // takes 5–60 s; in CI, with three Chromiums and the API suites sharing two cores (load average 11–15),
    // the same journeys took 50–73 s and two timed out at 90 s between steps that all succeeded (7 December,
    // their last browser calls printed by report-failed-steps.ts). The limit catches a hang, not slowness.
    testTimeout: 180_000,
    // expect.poll waits for what a screen shows after a call: Vitest's 1 s default failed a sign-in's landing
    // in CI (the page had it a moment later). A poll that already holds returns at once either way.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: "forks",
    // One worker runs a group's files in turn and keeps what they import (Playwright, the support modules):
    // importing them afresh for each file cost ~2.3 s of CPU a file (decision 46). Each file starts its own
    // server and Chromium, so nothing is shared through the module cache but counters.
    isolate: false,
  },
});
