import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { TIGHTEST_GROWTH_PERCENT } from "#server/boot/memory-target.ts";

const MB = 1024 * 1024;

/** Each full collection of `node --trace-gc`'s output: the heap's size before it and what survived it, in MB. */
function fullCollections(trace: string): { before: number; after: number }[] {
  return [...trace.matchAll(/Mark-Compact ([\d.]+) \([\d.]+\) -> ([\d.]+) \(/g)].map((m) => ({
    before: Number(m[1]),
    after: Number(m[2]),
  }));
}

describe("MEMORY_TARGET_MB holds a running process near it (decision 49)", () => {
  it("holds a process that makes old-generation garbage near its target: a full collection at ~1.5× what survived", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--trace-gc", "test/support/memory-churn.ts"],
      { env: { ...process.env, MEMORY_TARGET_MB: "100" }, maxBuffer: 16 * MB },
    );
    expect(stdout).toContain(`growth ${TIGHTEST_GROWTH_PERCENT}`);
    const collections = fullCollections(stdout);
    // V8's own sizing let this process reach 4.2× what survived (~370 MB at each collection, live ~85 MB).
    expect(collections.length).toBeGreaterThan(5);
    const growths = collections.slice(2).map((c, i) => c.before / (collections[i + 1]?.after ?? c.before));
    expect(
      Math.max(...growths),
      `heap at each full collection over what survived the one before: ${growths}`,
    ).toBeLessThan(2.2);
  }, 60_000);
});
