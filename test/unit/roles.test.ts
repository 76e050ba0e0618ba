import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import { formatRoles, hasRole, parseRoles, rolesText } from "#shared/roles.ts";

/** Role values as they may be stored, including ones no API call would write. */
const VALUES = [
  null,
  "",
  ",",
  " , ,",
  "owner",
  "Owner",
  "OWNER",
  " owner ",
  "\towner\n",
  "admin,owner",
  "admin, owner",
  "owner ,admin",
  "admin,,owner,",
  "owner,owner",
  "owners",
  "co-owner",
  "owner-admin",
  "admin",
  "member",
  "admin,member",
  "ad min",
  "%,owner,%",
];
const ROLES = ["owner", "admin", "member", "co-owner"];

describe("parseRoles", () => {
  it("splits on commas, removes whitespace, drops empty parts and keeps each name once", () => {
    expect(parseRoles("owner")).toEqual(["owner"]);
    expect(parseRoles(" admin, owner ")).toEqual(["admin", "owner"]);
    expect(parseRoles("admin,,owner,")).toEqual(["admin", "owner"]);
    expect(parseRoles("\tadmin\n,owner")).toEqual(["admin", "owner"]);
    expect(parseRoles("owner,admin,owner, admin")).toEqual(["owner", "admin"]);
    expect(parseRoles(" , ,")).toEqual([]);
    expect(parseRoles("")).toEqual([]);
    expect(parseRoles(null)).toEqual([]);
    expect(parseRoles(undefined)).toEqual([]);
  });

  it("reads an array element by element", () => {
    expect(parseRoles(["owner", " admin", "admin,member", ""])).toEqual(["owner", "admin", "member"]);
  });

  it("is case-sensitive and matches whole names only", () => {
    expect(hasRole("Owner", "owner")).toBe(false);
    expect(hasRole("owners", "owner")).toBe(false);
    expect(hasRole("co-owner", "owner")).toBe(false);
    expect(hasRole("admin, owner", "owner")).toBe(true);
  });

  it("formats parsed names in their stored form", () => {
    expect(formatRoles(" owner, admin,,owner")).toBe("owner,admin");
    expect(formatRoles(["admin", "member"])).toBe("admin,member");
  });
});

describe("hasRoleSql", () => {
  const db = new Kysely<{ roles: { id: number; role: string | null } }>({
    dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
  });
  afterAll(() => db.destroy());

  it("agrees with parseRoles on SQLite for every stored value and role", async () => {
    await db.schema.createTable("roles").addColumn("id", "integer").addColumn("role", "text").execute();
    await db
      .insertInto("roles")
      .values(VALUES.map((role, id) => ({ id, role })))
      .execute();
    for (const role of ROLES) {
      const rows = await db
        .selectFrom("roles")
        .select(["id", hasRoleSql("roles.role", role).as("has")])
        .orderBy("id")
        .execute();
      const fromSql = rows.map((r) => [VALUES[r.id], Boolean(r.has)]);
      const fromJs = VALUES.map((value) => [value, hasRole(value, role)]);
      expect(fromSql, role).toEqual(fromJs);
    }
  });

  it("works on a raw expression, as inside a trigger body, and never answers NULL", async () => {
    const { rows } = await sql<{
      has: number;
    }>`select ${hasRoleSql(sql.raw("null"), "owner")} as has`.execute(db);
    expect(rows[0]?.has).toBe(0);
  });

  it("refuses a role name that could change the SQL", () => {
    expect(() => hasRoleSql("roles.role", "owner'--")).toThrow(/not a role name/);
    expect(() => hasRoleSql("roles.role", "own%")).toThrow(/not a role name/);
  });
});

describe("a role value as a sentence reads it (mails)", () => {
  it("names built-in roles by their labels and custom roles by their names, as a list", () => {
    expect(rolesText("member")).toBe("Member");
    expect(rolesText("admin,member")).toBe("Admin and Member");
    expect(rolesText(" owner, billing-lead ,admin")).toBe("Owner, billing-lead, and Admin");
    expect(rolesText("")).toBe("");
  });
});
