import { afterEach } from "vitest";
import { takeRecentCalls } from "./browser.ts";

// A journey that fails in CI, on a loaded machine, is read from its log alone: print the browser calls it made
// last, so a timed-out test names the step it was waiting on. Written to stderr, not console.error, which the
// other setup file counts as a failure.
afterEach(({ task }) => {
  const calls = takeRecentCalls();
  if (task.result?.state !== "fail") return;
  process.stderr.write(
    `\nThe last browser calls of "${task.name}":\n${calls.map((c) => `  ${c}`).join("\n")}\n`,
  );
});
