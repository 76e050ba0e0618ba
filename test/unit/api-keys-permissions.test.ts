import { describe, expect, it } from "vitest";
import {
  API_KEY_PERMISSIONS,
  beyondRole,
  createApiKeyBody,
  onlyGrantable,
  roleGrants,
} from "#shared/api-keys.ts";
import { roleDefinitionsFrom } from "#shared/custom-roles.ts";
import { permissionLabels } from "#web/features/organizations/lib/api-keys.ts";
import { abilitiesOf } from "#web/features/organizations/lib/roles.ts";

describe("API key permissions (src/shared/api-keys.ts)", () => {
  it("grants a key only the organization model's actions, never key management or roles", () => {
    expect(onlyGrantable({ member: ["delete"], team: ["create", "update"] })).toBe(true);
    expect(onlyGrantable({ apiKey: ["create"] })).toBe(false);
    expect(onlyGrantable({ ac: ["read"] })).toBe(false);
    expect(onlyGrantable({ member: ["fly"] })).toBe(false);
    expect(onlyGrantable({ constructor: ["delete"] })).toBe(false);
    expect(Object.keys(API_KEY_PERMISSIONS)).toEqual(["organization", "member", "invitation", "team"]);
  });

  it("reads a role value as the server does: any of several roles grants", () => {
    expect(roleGrants("admin", "organization", "delete")).toBe(false);
    expect(roleGrants("admin,owner", "organization", "delete")).toBe(true);
    expect(roleGrants("member", "apiKey", "create")).toBe(false);
    expect(roleGrants("admin", "apiKey", "create")).toBe(true);
    expect(roleGrants(null, "member", "delete")).toBe(false);
    expect(roleGrants("constructor", "member", "delete")).toBe(false);
  });

  it("names what a key would hold beyond its creator's role", () => {
    expect(beyondRole("admin", { organization: ["update", "delete"], member: ["delete"] })).toEqual([
      "organization:delete",
    ]);
    expect(beyondRole("owner", { organization: ["delete"] })).toEqual([]);
    expect(beyondRole("member", { team: ["create"] })).toEqual(["team:create"]);
  });

  it("accepts exactly a name, an expiry of 1 to 365 days or never, an organization and permissions", () => {
    const ok = createApiKeyBody.safeParse({
      name: " CI ",
      expiresIn: 86_400,
      permissions: { team: ["create"] },
    });
    expect(ok.success && ok.data.name).toBe("CI");
    expect(createApiKeyBody.safeParse({ name: "CI", expiresIn: null }).success).toBe(true);
    expect(createApiKeyBody.safeParse({ name: "CI" }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: "CI", expiresIn: 86_399 }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: "CI", expiresIn: 366 * 86_400 }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: "CI", expiresIn: null, remaining: 5 }).success).toBe(false);
  });
});

describe("API keys in the web app", () => {
  it("shows permissions as resource:action and lets owners and admins, not members, manage keys", () => {
    expect(permissionLabels({ member: ["delete"], team: ["create", "update"] })).toEqual([
      "member:delete",
      "team:create",
      "team:update",
    ]);
    expect(permissionLabels(null)).toEqual([]);
    expect(abilitiesOf("owner").manageApiKeys).toBe(true);
    expect(abilitiesOf("admin").manageApiKeys).toBe(true);
    expect(abilitiesOf("member").manageApiKeys).toBe(false);
  });
});

describe("API key permissions with custom roles (decision 35)", () => {
  it("counts the organization's custom roles when their definitions are given", () => {
    const definitions = roleDefinitionsFrom([
      { role: "key-keeper", permission: JSON.stringify({ apiKey: ["create"], team: ["create"] }) },
      // A built-in name is never redefined, and a broken row grants nothing.
      { role: "member", permission: JSON.stringify({ organization: ["delete"] }) },
      { role: "broken", permission: "{" },
    ]);
    expect(roleGrants("member,key-keeper", "apiKey", "create", definitions)).toBe(true);
    expect(roleGrants("key-keeper", "apiKey", "create")).toBe(false);
    expect(roleGrants("member", "organization", "delete", definitions)).toBe(false);
    expect(roleGrants("broken", "team", "create", definitions)).toBe(false);
    expect(beyondRole("key-keeper", { team: ["create", "delete"] }, definitions)).toEqual(["team:delete"]);
  });
});
