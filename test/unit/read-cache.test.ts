import { describe, expect, it } from "vitest";
import { BoundedMap, CACHE_BYTES, keptWhileStamped } from "#server/db/read-cache.ts";

describe("BoundedMap", () => {
  it("starts over when its entries would pass the limit", () => {
    const map = new BoundedMap<string, number>(3);
    for (const key of ["a", "b", "c"]) map.set(key, 1);
    map.set("a", 2);
    expect([...map.keys()]).toEqual(["a", "b", "c"]);
    map.set("d", 1);
    expect([...map.keys()]).toEqual(["d"]);
  });

  it("with a weight, starts over when the weights would pass the limit, counting a replaced value once", () => {
    const map = new BoundedMap<string, Buffer>(100, (value) => value.length);
    map.set("a", Buffer.alloc(40));
    map.set("b", Buffer.alloc(40));
    map.set("a", Buffer.alloc(60));
    expect([...map.keys()]).toEqual(["a", "b"]);
    map.delete("b");
    map.set("c", Buffer.alloc(40));
    expect([...map.keys()]).toEqual(["a", "c"]);
    map.set("d", Buffer.alloc(1));
    expect([...map.keys()]).toEqual(["d"]);
  });
});

describe("keptWhileStamped", () => {
  /** Rows as a database would hold them: each key's value and stamp, with the reads counted. */
  function store() {
    const rows = new Map<string, { stamp: string; value: string }>();
    const reads = { stamps: 0, values: [] as string[][] };
    const kept = keptWhileStamped(
      {
        async stamps(keys) {
          reads.stamps += 1;
          return new Map(keys.flatMap((k) => (rows.has(k) ? [[k, rows.get(k)?.stamp ?? ""]] : [])));
        },
        async values(keys) {
          reads.values.push(keys);
          return new Map(keys.map((k) => [k, rows.get(k) ?? { stamp: "", value: "none" }]));
        },
      },
      (value) => value.length,
    );
    return { rows, reads, kept };
  }

  it("reads values without stamps when none is kept, then only the stamps while they hold", async () => {
    const { rows, reads, kept } = store();
    rows.set("a", { stamp: "1", value: "A" });
    expect(await kept(["a", "b"])).toEqual(
      new Map([
        ["a", "A"],
        ["b", "none"],
      ]),
    );
    expect(reads).toEqual({ stamps: 0, values: [["a", "b"]] });
    expect(await kept(["a", "b"])).toEqual(
      new Map([
        ["a", "A"],
        ["b", "none"],
      ]),
    );
    expect(reads).toEqual({ stamps: 1, values: [["a", "b"]] });
  });

  it("reads again only the keys whose stamp moved, or that appeared", async () => {
    const { rows, reads, kept } = store();
    rows.set("a", { stamp: "1", value: "A" });
    rows.set("b", { stamp: "1", value: "B" });
    await kept(["a", "b", "c"]);
    rows.set("b", { stamp: "2", value: "B2" });
    rows.set("c", { stamp: "1", value: "C" });
    expect(await kept(["a", "b", "c"])).toEqual(
      new Map([
        ["a", "A"],
        ["b", "B2"],
        ["c", "C"],
      ]),
    );
    expect(reads.values).toEqual([
      ["a", "b", "c"],
      ["b", "c"],
    ]);
    // A key whose rows went: its stamp is "" again, not what was kept.
    rows.delete("a");
    expect((await kept(["a"])).get("a")).toBe("none");
  });

  it("keeps CACHE_BYTES of values at most", async () => {
    const { rows, reads, kept } = store();
    const big = "x".repeat(CACHE_BYTES / 2 + 1);
    rows.set("a", { stamp: "1", value: big });
    rows.set("b", { stamp: "1", value: big });
    await kept(["a"]);
    await kept(["b"]);
    await kept(["a"]);
    expect(reads.values).toEqual([["a"], ["b"], ["a"]]);
  });
});
