// A process that makes garbage for the old generation as a server under mixed load does, a turn of its loop at a
// time: every object lives long enough to be promoted (a ring of the 200 000 newest), then dies, beside a set that
// stays (~80 MB survive each full collection, the ring included). `MEMORY_TARGET_MB` > 0 holds it near that target
// (boot/memory-target.ts); run it under `node --trace-gc` to read each full collection. Used by
// test/integration/memory-target.test.ts.
import { holdMemoryNear } from "#server/boot/memory-target.ts";

const targetMb = Number(process.env.MEMORY_TARGET_MB ?? 0);
if (targetMb > 0) holdMemoryNear(targetMb * 1024 * 1024, (percent) => console.log(`growth ${percent}`));

const live = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `kept ${i}`.repeat(4) }));
const ring: unknown[] = new Array(200_000);
// In steps, as a server's requests come: the collector's news reaches a process between two turns of its loop.
for (let i = 0; i < 6_000_000; i++) {
  ring[i % ring.length] = { i, text: `churn ${i}`, list: [i, i + 1, i + 2] };
  if (i % 50_000 === 0) await new Promise((next) => setImmediate(next));
}
console.log(`done ${live.length + ring.length}`);
