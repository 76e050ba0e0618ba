import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

/**
 * MEMORY_TARGET_MB: the resident size the server keeps near (decision 49). V8 sizes the old generation after each
 * full collection as a multiple of what survived it, up to 4× when the collector keeps up easily; under a mixed
 * load that multiple, not the live data, is most of the resident size (a live heap of 40–80 MB, resident 210–470 MB).
 * After each full collection this works out the multiple that would end at the target, given what survived and
 * what the process holds outside V8's heap (the binary, malloc, the hashing workers' buffers), and gives it to V8
 * as `--heap-growing-percent`: none while V8's own sizing stays under the target, never tighter than 1.5× (so a live
 * set larger than the target costs collections at half again its size, not a collection per allocation: the target
 * is soft, never an out-of-memory limit).
 */

/** The tightest growth given to V8: 1.5× what survived (decision 45 measured its cost, ~6 % of the hot paths). */
export const TIGHTEST_GROWTH_PERCENT = 50;
/** V8's own sizing grows the old generation by at most 4× (300 %): with room for that, it is left to decide. */
const OWN_SIZING_FROM_PERCENT = 300;

/** What the process holds, read right after a full collection. */
export interface MemoryReading {
  /** Resident size of the process (RSS). */
  residentBytes: number;
  /** V8's heap as committed (every space). */
  heapCommittedBytes: number;
  /** What survived the collection: the heap's used bytes. */
  liveBytes: number;
  /** The young generation as committed (its semi-spaces), which the old generation's growth does not include. */
  youngBytes: number;
}

/**
 * The growth to give V8 so the next full collection comes before the process passes `targetBytes`:
 * 0 (V8's own sizing) when there is room for 4× what survived, else the percent that fits, at least
 * TIGHTEST_GROWTH_PERCENT.
 */
export function heapGrowthPercent(reading: MemoryReading, targetBytes: number): number {
  const outsideHeap = reading.residentBytes - reading.heapCommittedBytes;
  const room = targetBytes - outsideHeap - reading.youngBytes;
  const percent = Math.floor((room / Math.max(reading.liveBytes, 1) - 1) * 100);
  if (percent >= OWN_SIZING_FROM_PERCENT) return 0;
  return Math.max(TIGHTEST_GROWTH_PERCENT, percent);
}

function readMemory(): MemoryReading {
  const heap = v8.getHeapStatistics();
  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
  return {
    residentBytes: process.memoryUsage.rss(),
    heapCommittedBytes: heap.total_heap_size,
    liveBytes: heap.used_heap_size,
    youngBytes: young?.space_size ?? 0,
  };
}

/**
 * Keeps this process near `targetBytes` resident from now on: after each full collection, the growth V8 is to
 * use until the next (`onChange` hears each new value). V8 reads the flag whenever it sizes the heap, so it can
 * be set while running (decision 45 measured that). For the process's life: nothing stops it.
 */
export function holdMemoryNear(targetBytes: number, onChange?: (percent: number) => void): void {
  let current = 0;
  const set = (percent: number) => {
    if (percent === current) return;
    current = percent;
    v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
    onChange?.(percent);
  };
  const observer = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some(
        (entry) =>
          (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (full) set(heapGrowthPercent(readMemory(), targetBytes));
  });
  observer.observe({ entryTypes: ["gc"] });
}
