import { afterEach, beforeEach } from "vitest";
import { describeOpenPages, takeRecentCalls } from "./browser.ts";
import { describeServers } from "./server.ts";

// A journey that fails in CI, on a loaded machine, is read from its log alone: print the browser calls it made
// last, so a timed-out test names the step it was waiting on, what each open page showed then, and whether its
// server still answered (with the last lines the server printed). Written to
// stderr, not console.error, which the other setup file counts as a failure.
beforeEach(() => {
  // The calls before this test (the previous file's closing ones) are not this test's.
  takeRecentCalls();
});
afterEach(async ({ task }) => {
  const calls = takeRecentCalls();
  if (task.result?.state !== "fail") return;
  const [pages, servers] = await Promise.all([describeOpenPages(), describeServers()]);
  process.stderr.write(
    `\nThe last browser calls of "${task.name}":\n${calls.map((c) => `  ${c}`).join("\n")}\n` +
      `Its open pages:\n${pages.map((p) => `  ${p}`).join("\n")}\n` +
      `Its servers:\n${servers.map((s) => `  ${s}`).join("\n")}\n`,
  );
});
