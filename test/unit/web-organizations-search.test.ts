import { describe, expect, it } from "vitest";
import {
  pageParam,
  parseInvitationsSearch,
  parseMembersSearch,
  parseTeamsSearch,
} from "#web/features/organizations/lib/list-search.ts";

describe("parseMembersSearch", () => {
  it("keeps a well-formed search, sort and page", () => {
    expect(parseMembersSearch({ q: "grace", sort: "name-asc", page: 3 })).toEqual({
      q: "grace",
      sort: "name-asc",
      page: 3,
    });
    expect(parseMembersSearch({ page: "2" }).page).toBe(2);
  });

  it("leaves defaults and blanks out of the URL", () => {
    expect(parseMembersSearch({ q: "  ", sort: "joined-first", page: 1 })).toEqual({
      q: undefined,
      sort: undefined,
      page: undefined,
    });
  });

  it("drops what is malformed: unknown sorts, inherited keys, arrays, bad pages", () => {
    expect(parseMembersSearch({ sort: "toString", page: -4, q: ["a", "b"] })).toEqual({
      q: undefined,
      sort: undefined,
      page: undefined,
    });
    expect(parseMembersSearch({ sort: "password", page: "2.5" })).toEqual({
      q: undefined,
      sort: undefined,
      page: undefined,
    });
  });

  it("trims the search and caps it at an email's length", () => {
    expect(parseMembersSearch({ q: " ada " }).q).toBe("ada");
    expect(parseMembersSearch({ q: "x".repeat(1000) }).q).toHaveLength(254);
  });
});

describe("parseInvitationsSearch", () => {
  it("keeps a known status other than pending", () => {
    expect(parseInvitationsSearch({ status: "canceled", page: 2 })).toEqual({ status: "canceled", page: 2 });
    expect(parseInvitationsSearch({ status: "pending" }).status).toBeUndefined();
    expect(parseInvitationsSearch({ status: "expired" }).status).toBeUndefined();
    expect(parseInvitationsSearch({ status: "__proto__" }).status).toBeUndefined();
  });
});

describe("parseTeamsSearch", () => {
  it("keeps only a page beyond the first", () => {
    expect(parseTeamsSearch({ page: 4, other: "x" })).toEqual({ page: 4 });
    expect(parseTeamsSearch({ page: "zero" })).toEqual({ page: undefined });
  });
});

describe("pageParam", () => {
  it("leaves page 1 out", () => {
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(5)).toBe(5);
  });
});
