import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { heapGrowthPercent, TIGHTEST_GROWTH_PERCENT } from "#server/boot/memory-target.ts";

const MB = 1024 * 1024;

describe("MEMORY_TARGET_MB sizes V8's heap after each full collection (decision 49)", () => {
  it("leaves V8 its own sizing while there is room for 4× what survived, and gives the fitting growth below", () => {
    const reading = {
      residentBytes: 200 * MB,
      heapCommittedBytes: 120 * MB,
      liveBytes: 40 * MB,
      youngBytes: 32 * MB,
    };
    // 80 MB outside the heap and 32 young: 138 MB of room for 40 live is 3.45×, i.e. 245 %.
    expect(heapGrowthPercent(reading, 250 * MB)).toBe(245);
    expect(heapGrowthPercent(reading, 400 * MB)).toBe(0);
    // Less room than half again what survived: the tightest growth, never a collection per allocation.
    expect(heapGrowthPercent(reading, 150 * MB)).toBe(TIGHTEST_GROWTH_PERCENT);
    expect(heapGrowthPercent({ ...reading, residentBytes: 900 * MB }, 250 * MB)).toBe(
      TIGHTEST_GROWTH_PERCENT,
    );
  });

  it("is 250 MB unless set, 0 turns it off, and nonsense stops the start", () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-memory-"));
    expect(loadConfig({ DATA_DIR: dir }).memoryTargetMb).toBe(250);
    expect(loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: "0" }).memoryTargetMb).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: "512" }).memoryTargetMb).toBe(512);
    for (const bad of ["-1", "lots", "1.5"]) {
      expect(() => loadConfig({ DATA_DIR: dir, MEMORY_TARGET_MB: bad }), bad).toThrow(/MEMORY_TARGET_MB/);
    }
  });
});
