import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createCustomRole,
  createOrganization,
  type RoleArgs,
  seedMember,
  signUpWithId,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, type signUpVerified } from "../support/users.ts";

type User = Awaited<ReturnType<typeof signUpVerified>> & { id: string };

/** Issue 18: custom roles where other features read roles (API keys, bulk invitations), on both databases. */
describe(`custom roles in API keys and bulk invitations (${testDatabase})`, () => {
  let t: TestApp;
  let owner: User;
  let admin: User;
  let holder: User;

  beforeAll(async () => {
    t = await startTestApp();
    const user = () => signUpWithId(t);
    owner = await user();
    admin = await user();
    holder = await user();
  });
  afterAll(() => t.close());

  async function world() {
    const org = await createOrganization(t, owner.cookie);
    const adminMember = await seedMember(t, org.id, admin.id, "admin");
    const holderMember = await seedMember(t, org.id, holder.id, "member");
    return { orgId: org.id, adminMember, holderMember };
  }

  const createRole = (...args: RoleArgs) => createCustomRole(t, ...args);

  it("a custom role with API key permissions creates keys, never beyond its own grants", async () => {
    const w = await world();
    await createRole(owner.cookie, w.orgId, "key-keeper", {
      apiKey: ["create", "read", "delete"],
      team: ["create"],
    });
    await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.holderMember.id,
      role: "member,key-keeper",
    });
    const key = (permissions: Record<string, string[]>) =>
      api(t, "/api-key/create", holder.cookie, {
        name: "CI",
        organizationId: w.orgId,
        expiresIn: 86_400,
        permissions,
      });
    expect((await key({ team: ["create"] })).status).toBe(200);
    const beyond = await key({ team: ["delete"] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.code).toBe("API_KEY_PERMISSION_BEYOND_ROLE");
  });

  it("bulk invitations know custom roles, and refuse one above the inviter's own", async () => {
    const w = await world();
    await createRole(owner.cookie, w.orgId, "helper", { team: ["create"] });
    await createRole(owner.cookie, w.orgId, "deleter", { organization: ["delete"] });
    const [a, b, c] = [createUser().email, createUser().email, createUser().email];
    const res = await t.request(`/api/organizations/${w.orgId}/bulk-invitations/preview`, {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: `email,roles\n${a},helper\n${b},deleter\n${c},nosuch\n`,
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()).rows as { email: string; problems: { code: string }[] }[];
    expect(Object.fromEntries(rows.map((r) => [r.email, r.problems.map((p) => p.code)]))).toEqual({
      [a.toLowerCase()]: [],
      [b.toLowerCase()]: ["ROLE_NOT_ALLOWED"],
      [c.toLowerCase()]: ["UNKNOWN_ROLE"],
    });
  });
});
