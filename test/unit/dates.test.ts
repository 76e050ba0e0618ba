import { describe, expect, it } from "vitest";
import { isoDate } from "#server/db/dates.ts";

describe("isoDate", () => {
  it("writes every stored form exactly as JSON.stringify writes the Date", () => {
    const date = new Date("2026-11-22T12:34:56.789Z");
    const json = JSON.parse(JSON.stringify({ d: date })).d;
    for (const stored of [
      date,
      date.toISOString(),
      date.getTime(),
      "2026-11-22 12:34:56.789Z",
      "2026-11-22T13:34:56.789+01:00",
    ]) {
      expect(isoDate(stored), String(stored)).toBe(json);
    }
  });
});
