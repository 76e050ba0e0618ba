import { describe, expect, it } from "vitest";
import { parseUsersSearch, toListUsersQuery, withoutDefaults } from "#web/features/admin/lib/users-search.ts";

describe("admin users list: state from the URL", () => {
  it("keeps well-formed values", () => {
    expect(parseUsersSearch({ q: "bob", filter: "banned", sort: "email-desc", page: 3, size: 50 })).toEqual({
      q: "bob",
      filter: "banned",
      sort: "email-desc",
      page: 3,
      size: 50,
    });
    // Search params typed by hand arrive as text.
    expect(parseUsersSearch({ page: "4", size: "10" })).toMatchObject({ page: 4, size: 10 });
  });

  it("drops bad page numbers, page 1 included (it is the default)", () => {
    for (const page of [0, -2, 1, "1", "abc", "", 2.5, Number.NaN, null, true]) {
      expect(parseUsersSearch({ page }).page, `page ${String(page)}`).toBeUndefined();
    }
  });

  it("drops page sizes that the table does not offer", () => {
    for (const size of [0, 7, 20.5, 1000, "many", -10]) {
      expect(parseUsersSearch({ size }).size, `size ${String(size)}`).toBeUndefined();
    }
  });

  it("drops unknown sort fields and filters, and the search field of old links (one search covers both)", () => {
    const parsed = parseUsersSearch({ sort: "password-asc", filter: "root", field: "name" });
    expect(parsed.sort).toBeUndefined();
    expect(parsed.filter).toBeUndefined();
    expect(parsed).not.toHaveProperty("field");
    // Sorting by an unknown field never reaches the server: the query falls back to newest first.
    expect(toListUsersQuery(parsed)).toMatchObject({ sortBy: "createdAt", sortDirection: "desc" });
  });

  it("drops arrays and objects in the URL", () => {
    const parsed = parseUsersSearch({
      q: ["a", "b"],
      filter: { eq: "admins" },
      sort: ["name-asc"],
      page: ["3"],
      size: [20],
    });
    expect(Object.values(parsed).filter((value) => value !== undefined)).toEqual([]);
  });

  it("keeps a search of at most 200 characters, and none of only spaces", () => {
    expect(parseUsersSearch({ q: "x".repeat(500) }).q).toHaveLength(200);
    expect(parseUsersSearch({ q: "   " }).q).toBeUndefined();
  });

  it("leaves every default out of the URL", () => {
    expect(withoutDefaults({ q: "", filter: "all", sort: "newest", page: 1, size: 20 })).toEqual({
      q: undefined,
      filter: undefined,
      sort: undefined,
      page: undefined,
      size: undefined,
    });
    expect(withoutDefaults({ q: "ann", page: 2, size: 50 })).toMatchObject({
      q: "ann",
      page: 2,
      size: 50,
    });
  });

  it("turns a page into the server's offset and one filter", () => {
    // No search field: the server matches name or email.
    expect(toListUsersQuery({ page: 3, size: 10, filter: "unverified", q: " ann " })).toEqual({
      searchOperator: "contains",
      searchValue: "ann",
      filterField: "emailVerified",
      filterValue: "false",
      filterOperator: "eq",
      sortBy: "createdAt",
      sortDirection: "desc",
      limit: 10,
      offset: 20,
    });
  });
});
