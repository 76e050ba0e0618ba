import { describe, expect, it } from "vitest";
import {
  isServiceUnavailable,
  noteIfUnavailable,
  UNAVAILABLE_BODY,
  withOutageTracking,
} from "#server/http/unavailable.ts";

describe("isServiceUnavailable (503 rather than 500)", () => {
  const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

  it("recognises lost and refused connections, however deep they are wrapped", () => {
    expect(isServiceUnavailable(coded("ECONNREFUSED"))).toBe(true);
    expect(isServiceUnavailable(coded("57P01", "terminating connection due to administrator command"))).toBe(
      true,
    );
    expect(isServiceUnavailable(coded("08006"))).toBe(true);
    expect(isServiceUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isServiceUnavailable(new Error("FAILED_TO_GET_SESSION", { cause: coded("ECONNRESET") }))).toBe(
      true,
    );
    expect(isServiceUnavailable(new AggregateError([coded("ECONNREFUSED")]))).toBe(true);
  });

  it("leaves real faults and client errors alone", () => {
    expect(isServiceUnavailable(new Error("column does not exist"))).toBe(false);
    expect(isServiceUnavailable(coded("23505", "duplicate key value"))).toBe(false);
    expect(isServiceUnavailable(undefined)).toBe(false);
    expect(isServiceUnavailable("Connection terminated")).toBe(false);
  });
});

describe("withOutageTracking", () => {
  const lost = Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });

  it("answers 503 for an error thrown after an outage was noted, and leaves any other thrown error to the caller", async () => {
    const res = await withOutageTracking(async () => {
      noteIfUnavailable(lost);
      throw new TypeError("cannot read properties of undefined");
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(UNAVAILABLE_BODY);
    const bug = new TypeError("cannot read properties of undefined");
    await expect(
      withOutageTracking(async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
