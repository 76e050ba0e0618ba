import { describe, expect, it } from "vitest";
import { ACCOUNT_SECTIONS, parseAccountSearch } from "#web/features/account/lib/account-search.ts";

describe("parseAccountSearch: /account reads only what it knows from its URL", () => {
  it.each(ACCOUNT_SECTIONS)("keeps the section %s", (section) => {
    expect(parseAccountSearch({ section }).section).toBe(section);
  });

  it.each<[unknown, string]>([
    ["billing", "an unknown section"],
    ["Profile", "a known one in other case"],
    [["email", "password"], "an array from a repeated parameter"],
    [{ id: "email" }, "an object"],
    [7, "a number"],
  ])("drops the section %j (%s), so the page opens on its default", (section) => {
    expect(parseAccountSearch({ section }).section).toBeUndefined();
  });

  it("marks the way back from a linking only with the value 'returned'", () => {
    expect(parseAccountSearch({ linked: "returned" })).toMatchObject({ linked: "returned" });
    expect(parseAccountSearch({ linked: true })).toMatchObject({ linked: undefined });
  });

  it("keeps an error code as text of at most 64 characters, never an array or an empty string", () => {
    expect(parseAccountSearch({ error: "INVALID_TOKEN" }).error).toBe("INVALID_TOKEN");
    expect(parseAccountSearch({ error: "x".repeat(500) }).error).toBe("x".repeat(64));
    expect(parseAccountSearch({ error: "" }).error).toBeUndefined();
    expect(parseAccountSearch({ error: ["a", "b"] }).error).toBeUndefined();
  });

  it("ignores parameters it does not know", () => {
    expect(parseAccountSearch({ section: "email", admin: "1", page: 3 })).toEqual({
      section: "email",
      linked: undefined,
      error: undefined,
    });
  });
});
