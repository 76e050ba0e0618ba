import { describe, expect, it } from "vitest";
import { coalescedLookup } from "#server/db/coalesced-lookup.ts";
import { isServiceUnavailable } from "#server/http/unavailable.ts";

/** A fetchMany whose queries the test finishes by hand, recording the keys of each. */
function controlledFetch() {
  const queries: { keys: string[]; finish: (rows?: Error) => void }[] = [];
  const table = new Map<string, string>();
  const fetchMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      queries.push({
        keys,
        // Rows are read when the query finishes, as a database would at execution time.
        finish: (err) =>
          err
            ? reject(err)
            : resolve(new Map(keys.flatMap((k) => (table.has(k) ? [[k, table.get(k) as string]] : [])))),
      });
    });
  return { queries, table, fetchMany };
}

/** Lets queued lookups go out: two turns of the event loop (a query's end schedules the next one). */
const settle = async () => {
  for (let i = 0; i < 2; i++) await new Promise((r) => setImmediate(r));
};

describe("coalescedLookup", () => {
  it("sends a lone lookup alone, at once", async () => {
    const { queries, table, fetchMany } = controlledFetch();
    table.set("a", "row a");
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 2, maxKeys: 10, timeoutMs: 10_000 });
    const a = lookup("a");
    await settle();
    expect(queries.map((q) => q.keys)).toEqual([["a"]]);
    queries[0]?.finish();
    expect(await a).toBe("row a");
  });

  it("shares one query among lookups of one turn, once per key, and answers missing keys with undefined", async () => {
    const { queries, table, fetchMany } = controlledFetch();
    table.set("a", "row a").set("b", "row b");
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 2, maxKeys: 10, timeoutMs: 10_000 });
    const answers = Promise.all(["a", "b", "a", "missing"].map(lookup));
    await settle();
    expect(queries.map((q) => q.keys)).toEqual([["a", "b", "missing"]]);
    queries[0]?.finish();
    expect(await answers).toEqual(["row a", "row b", "row a", undefined]);
  });

  it("never answers from a query sent before the lookup: later lookups wait for the next query", async () => {
    const { queries, table, fetchMany } = controlledFetch();
    table.set("a", "old");
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 1, maxKeys: 10, timeoutMs: 10_000 });
    const first = lookup("a");
    await settle();
    expect(queries).toHaveLength(1);
    // Asked while the first query runs: the one in flight must not answer it, however the row changes.
    const second = lookup("a");
    const third = lookup("b");
    await settle();
    expect(queries).toHaveLength(1);
    table.set("a", "new").set("b", "row b");
    queries[0]?.finish();
    expect(await first).toBe("new");
    await settle();
    expect(queries.map((q) => q.keys)).toEqual([["a"], ["a", "b"]]);
    table.set("a", "newer");
    queries[1]?.finish();
    expect(await second).toBe("newer");
    expect(await third).toBe("row b");
  });

  it("runs at most maxInFlight queries of at most maxKeys keys", async () => {
    const { queries, fetchMany } = controlledFetch();
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 2, maxKeys: 3, timeoutMs: 10_000 });
    const all = Promise.all(Array.from({ length: 8 }, (_, i) => lookup(`k${i}`)));
    await settle();
    expect(queries.map((q) => q.keys)).toEqual([
      ["k0", "k1", "k2"],
      ["k3", "k4", "k5"],
    ]);
    queries[0]?.finish();
    await settle();
    expect(queries.map((q) => q.keys.length)).toEqual([3, 3, 2]);
    queries[1]?.finish();
    queries[2]?.finish();
    expect(await all).toEqual(Array(8).fill(undefined));
  });

  it("fails the lookups of a query that does not answer in time as a timed-out connection, and goes on", async () => {
    const { queries, table, fetchMany } = controlledFetch();
    table.set("a", "row a");
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 1, maxKeys: 10, timeoutMs: 50 });
    const stuck = lookup("a").catch((err: Error & { code?: string }) => err);
    await settle();
    expect(queries).toHaveLength(1);
    const err = (await stuck) as Error & { code?: string };
    expect(err.code).toBe("ETIMEDOUT");
    expect(err.message).toMatch(/connection timeout/);
    expect(isServiceUnavailable(err)).toBe(true);
    // The stuck query no longer holds the only place: the next lookup goes out and is answered.
    const next = lookup("a");
    await settle();
    expect(queries).toHaveLength(2);
    queries[1]?.finish();
    expect(await next).toBe("row a");
    // The stuck query answering late changes nothing.
    queries[0]?.finish();
  });

  it("fails every lookup of a failed query, and the next query goes out", async () => {
    const { queries, table, fetchMany } = controlledFetch();
    table.set("a", "row a");
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 1, maxKeys: 10, timeoutMs: 10_000 });
    const failing = Promise.allSettled([lookup("a"), lookup("b")]);
    await settle();
    queries[0]?.finish(new Error("connection lost"));
    const settled = await failing;
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    expect((settled[0] as PromiseRejectedResult).reason.message).toBe("connection lost");
    const again = lookup("a");
    await settle();
    queries[1]?.finish();
    expect(await again).toBe("row a");
  });

  it("passes each lookup's value through its own `next` as the query answers; a throw rejects that one alone", async () => {
    const { queries, table, fetchMany } = controlledFetch();
    table.set("a", "row a");
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 2, maxKeys: 10, timeoutMs: 10_000 });
    const seen: (string | undefined)[] = [];
    const upper = lookup("a", (row) => {
      seen.push(row);
      return row?.toUpperCase();
    });
    const missing = lookup("b", (row) => row ?? "none");
    const chained = lookup("a", (row) => Promise.resolve(`${row} later`));
    const thrown = lookup("a", () => {
      throw new Error("bad row");
    });
    const plain = lookup("a");
    await settle();
    // One query for all of them, and no `next` runs before it answers.
    expect(queries.map((q) => q.keys)).toEqual([["a", "b"]]);
    expect(seen).toEqual([]);
    queries[0]?.finish();
    expect(await upper).toBe("ROW A");
    expect(await missing).toBe("none");
    expect(await chained).toBe("row a later");
    await expect(thrown).rejects.toThrow("bad row");
    expect(await plain).toBe("row a");
    expect(seen).toEqual(["row a"]);
  });

  it("does not run `next` for a failed query: its lookup rejects with the query's error", async () => {
    const { queries, fetchMany } = controlledFetch();
    const lookup = coalescedLookup(fetchMany, { maxInFlight: 1, maxKeys: 10, timeoutMs: 10_000 });
    let ran = false;
    const failing = lookup("a", () => {
      ran = true;
      return "mapped";
    });
    await settle();
    queries[0]?.finish(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    expect(ran).toBe(false);
  });
});
