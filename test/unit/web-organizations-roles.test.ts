import { describe, expect, it } from "vitest";
import { hasRole, parseRoles } from "#shared/roles.ts";
import { abilitiesOf, roleCan } from "#web/features/organizations/lib/roles.ts";

describe("parseRoles", () => {
  it("splits a comma-separated role value and drops blanks", () => {
    expect(parseRoles("admin, owner,,")).toEqual(["admin", "owner"]);
    expect(parseRoles(["member ", " admin"])).toEqual(["member", "admin"]);
    expect(parseRoles(null)).toEqual([]);
    expect(parseRoles("")).toEqual([]);
  });
});

describe("hasRole", () => {
  it("matches whole role names only", () => {
    expect(hasRole("admin,owner", "owner")).toBe(true);
    expect(hasRole("member", "owner")).toBe(false);
    // A made-up role whose name contains "owner" is not an owner.
    expect(hasRole("co-owner", "owner")).toBe(false);
  });
});

describe("roleCan", () => {
  it("follows the shared access model: admins cannot delete the organization, owners can", () => {
    expect(roleCan("owner", { organization: ["delete"] })).toBe(true);
    expect(roleCan("admin", { organization: ["delete"] })).toBe(false);
    expect(roleCan("admin", { organization: ["update"], member: ["delete"] })).toBe(true);
  });

  it("grants a plain member no management", () => {
    expect(roleCan("member", { invitation: ["create"] })).toBe(false);
    expect(roleCan("member", { team: ["update"] })).toBe(false);
  });

  it("is granted when any one of several roles grants every action", () => {
    expect(roleCan("member,admin", { invitation: ["create", "cancel"] })).toBe(true);
  });

  it("grants nothing to an unknown or missing role, even one named like a built-in property", () => {
    expect(roleCan("superuser", { organization: ["update"] })).toBe(false);
    expect(roleCan("constructor", { organization: ["update"] })).toBe(false);
    expect(roleCan(undefined, { organization: ["update"] })).toBe(false);
  });
});

describe("abilitiesOf", () => {
  it("lets an admin manage everything but deleting, and a member nothing", () => {
    const admin = abilitiesOf("admin");
    expect(admin).toMatchObject({
      isOwner: false,
      deleteOrganization: false,
      inviteMembers: true,
      deleteTeams: true,
    });
    // A member manages nothing; they may only see the organization's roles (ac:read).
    const { readRoles, ...member } = abilitiesOf("member");
    expect(readRoles).toBe(true);
    expect(Object.values(member).some(Boolean)).toBe(false);
    expect(abilitiesOf("owner")).toMatchObject({ isOwner: true, deleteOrganization: true });
  });

  it("follows the server's grants when given: a custom role allows exactly what it grants (decision 35)", () => {
    const lead = abilitiesOf("member,team-lead", { team: ["create", "update"], ac: ["read"] });
    expect(lead).toMatchObject({ createTeams: true, updateTeams: true, deleteTeams: false, readRoles: true });
    expect(lead).toMatchObject({
      inviteMembers: false,
      updateMembers: false,
      manageApiKeys: false,
      isOwner: false,
    });
    // Without the server's answer, an unknown role grants nothing.
    expect(abilitiesOf("team-lead").createTeams).toBe(false);
  });
});
