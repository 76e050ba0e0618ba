import { describe, expect, it } from "vitest";
import { compareShapes, merge, shape } from "../support/contract/shape.ts";

const team = { id: "t1", name: "Core", organizationId: "o1", createdAt: "2025-01-01T00:00:00.000Z" };
const diff = (stock: unknown, gatehouse: unknown, nullable: string[] = []) =>
  compareShapes(shape(stock), shape(gatehouse), { nullable: new Set(nullable) });

describe("shape", () => {
  it("reduces values to kinds; dates are strings; array items are merged", () => {
    expect(shape({ a: 1, b: "x", c: null, d: true, e: new Date() })).toEqual({
      object: { a: "number", b: "string", c: "null", d: "boolean", e: "string" },
    });
    expect(shape([{ a: 1 }, { a: null, b: "x" }])).toEqual({
      array: { object: { a: { oneOf: ["number", "null"] }, b: "string" } },
    });
    expect(shape([])).toEqual({ array: "never" });
  });

  it("merges the same kind once", () => {
    expect(merge("string", "string")).toBe("string");
    expect(merge("never", "number")).toBe("number");
  });
});

describe("compareShapes", () => {
  it("accepts the same shape", () => {
    expect(diff([team], [team])).toEqual([]);
  });

  it("reports a changed top-level type (a page object instead of an array)", () => {
    const differences = diff([team], { teams: [team], total: 1, limit: 50, offset: 0 });
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^\(answer\): stock answers \[.*\], Gatehouse \{ teams/);
  });

  it("reports a missing key, nested in array items too", () => {
    const { createdAt: _gone, ...withoutDate } = team;
    expect(diff({ team }, { team: withoutDate })).toEqual(["team.createdAt: missing (stock: string)"]);
    expect(diff([team], [withoutDate])).toEqual(["(answer)[].createdAt: missing (stock: string)"]);
  });

  it("reports a type change", () => {
    expect(diff({ total: 1 }, { total: "1" })).toEqual(["total: stock answers number, Gatehouse string"]);
    expect(diff({ user: { id: "u" } }, { user: ["u"] })).toHaveLength(1);
  });

  it("does not report an extra key", () => {
    expect(
      diff({ members: [{ id: "m" }], total: 1 }, { members: [{ id: "m", extra: 2 }], total: 1, limit: 5 }),
    ).toEqual([]);
  });

  it("accepts null against a value only for fields allowed to be null", () => {
    expect(diff({ image: null }, { image: "https://x" })).toHaveLength(1);
    expect(diff({ image: null }, { image: "https://x" }, ["image"])).toEqual([]);
    expect(diff({ image: "https://x" }, { image: null }, ["image"])).toEqual([]);
  });

  it("reports items where stock has some and Gatehouse none, and ignores items stock lacks", () => {
    expect(diff([team], [])).toHaveLength(1);
    expect(diff([], [team])).toEqual([]);
  });
});
