import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
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

/** Issue 18: custom roles, enforced like built-in ones everywhere, on both databases. */
describe(`custom roles (${testDatabase})`, () => {
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

  it("an owner defines a role with a description; it is listed, audited, and its name is unique", async () => {
    const w = await world();
    const res = await createRole(
      owner.cookie,
      w.orgId,
      "inviter",
      { invitation: ["create", "cancel"] },
      "Sends invitations",
    );
    expect(res.status).toBe(200);
    expect(res.body.roleData).toMatchObject({ role: "inviter", description: "Sends invitations" });
    const list = await api(t, `/organization/list-roles?organizationId=${w.orgId}`, holder.cookie);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { role: string }) => r.role)).toEqual(["inviter"]);
    const event = await onlyEvent(t, "role.created", res.body.roleData.id);
    expect(event.organizationId).toBe(w.orgId);
    expect(event.details.permissions).toEqual({ invitation: ["create", "cancel"] });

    const again = await createRole(owner.cookie, w.orgId, "inviter", { team: ["create"] });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("ROLE_NAME_IS_ALREADY_TAKEN");
  });

  it("refuses bad names, built-in names, unknown permissions and too long descriptions with clear errors", async () => {
    const w = await world();
    for (const [role, permission, description] of [
      ["Has Space", { team: ["create"] }, undefined],
      ["a,b", { team: ["create"] }, undefined],
      ["x", { team: ["create"] }, undefined],
      ["owner", { team: ["create"] }, undefined],
      ["admin", { team: ["create"] }, undefined],
      ["ok-name", { billing: ["read"] }, undefined],
      ["ok-name", { team: ["fly"] }, undefined],
      ["ok-name", { team: ["create"] }, "d".repeat(201)],
    ] as const) {
      const res = await createRole(owner.cookie, w.orgId, role, permission, description);
      expect(res.status, `${role} ${JSON.stringify(permission)}`).toBe(400);
      expect(res.body.code).toBe("INVALID_FIELD");
      expect(res.body.message).toBeTruthy();
    }
    const rename = await api(t, "/organization/update-role", owner.cookie, {
      organizationId: w.orgId,
      roleName: "nothing",
      data: { roleName: "member" },
    });
    expect(rename.status).toBe(400);
  });

  it("a role granting what its creator lacks is refused; a plain member cannot define roles", async () => {
    const w = await world();
    // An admin lacks organization:delete.
    const beyond = await createRole(admin.cookie, w.orgId, "deleter", { organization: ["delete"] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.missingPermissions).toEqual(["organization:delete"]);
    const byMember = await createRole(holder.cookie, w.orgId, "helper", { team: ["create"] });
    expect(byMember.status).toBe(403);
  });

  it("a custom role is enforced like a built-in one, and a removed permission holds on the next request", async () => {
    const w = await world();
    await createRole(owner.cookie, w.orgId, "team-lead", {
      team: ["create", "update"],
      invitation: ["create"],
    });
    const give = await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.holderMember.id,
      role: ["member", "team-lead"],
    });
    expect(give.status).toBe(200);
    expect(give.body.role).toBe("member,team-lead");
    const mine = await api(t, `/organization/my-permissions?organizationId=${w.orgId}`, holder.cookie);
    expect(mine.body.permissions.team).toEqual(["create", "update"]);
    expect(mine.body.permissions.ac).toEqual(["read"]);

    const team = await api(t, "/organization/create-team", holder.cookie, {
      organizationId: w.orgId,
      name: "Leads",
    });
    expect(team.status).toBe(200);
    // Gatehouse's own overrides read custom roles too: this invitation passes the guards and is sent.
    const invited = await api(t, "/organization/invite-member", holder.cookie, {
      organizationId: w.orgId,
      email: createUser().email,
      role: "member",
    });
    expect(invited.status).toBe(200);
    const full = await api(t, `/organization/get-full-organization?organizationId=${w.orgId}`, holder.cookie);
    expect(full.body.invitations.length).toBeGreaterThan(0);
    // Not granted: removing members, deleting the organization.
    const remove = await api(t, "/organization/remove-member", holder.cookie, {
      organizationId: w.orgId,
      memberIdOrEmail: w.adminMember.id,
    });
    expect(remove.status).toBe(403);

    const update = await api(t, "/organization/update-role", owner.cookie, {
      organizationId: w.orgId,
      roleName: "team-lead",
      data: { permission: { team: ["update"] } },
    });
    expect(update.status).toBe(200);
    expect(await eventsOf(t, { action: "role.updated", organizationId: w.orgId })).toHaveLength(1);
    const mineAfter = await api(t, `/organization/my-permissions?organizationId=${w.orgId}`, holder.cookie);
    expect(mineAfter.body.permissions.team).toEqual(["update"]);
    expect((await api(t, `/organization/my-permissions?organizationId=${w.orgId}`, undefined)).status).toBe(
      401,
    );
    const refused = await api(t, "/organization/create-team", holder.cookie, {
      organizationId: w.orgId,
      name: "More",
    });
    expect(refused.status).toBe(403);
    const inviteRefused = await api(t, "/organization/invite-member", holder.cookie, {
      organizationId: w.orgId,
      email: createUser().email,
      role: "member",
    });
    expect(inviteRefused.status).toBe(403);
    const full2 = await api(
      t,
      `/organization/get-full-organization?organizationId=${w.orgId}`,
      holder.cookie,
    );
    expect(full2.body.invitations ?? []).toEqual([]);
  });

  it("no one grants a role above their own: a member manager cannot make an admin, nor invite one", async () => {
    const w = await world();
    await createRole(owner.cookie, w.orgId, "manager", { member: ["update"], invitation: ["create"] });
    await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.holderMember.id,
      role: "member,manager",
    });
    const promote = await api(t, "/organization/update-member-role", holder.cookie, {
      organizationId: w.orgId,
      memberId: w.holderMember.id,
      role: ["member", "manager", "admin"],
    });
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe("ROLE_ABOVE_YOUR_OWN");
    const demoteAdmin = await api(t, "/organization/update-member-role", holder.cookie, {
      organizationId: w.orgId,
      memberId: w.adminMember.id,
      role: "member",
    });
    expect(demoteAdmin.status).toBe(403);
    const inviteAdmin = await api(t, "/organization/invite-member", holder.cookie, {
      organizationId: w.orgId,
      email: createUser().email,
      role: "admin",
    });
    expect(inviteAdmin.status).toBe(403);
    const inviteMember = await api(t, "/organization/invite-member", holder.cookie, {
      organizationId: w.orgId,
      email: createUser().email,
      role: "member",
    });
    expect(inviteMember.status).toBe(200);
  });

  it("a role in use is neither deleted nor renamed (409 with the count); unused, it is deleted and audited", async () => {
    const w = await world();
    const created = await createRole(owner.cookie, w.orgId, "reviewer", { team: ["update"] });
    await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.holderMember.id,
      role: "member,reviewer",
    });
    const del = await api(t, "/organization/delete-role", owner.cookie, {
      organizationId: w.orgId,
      roleName: "reviewer",
    });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: "ROLE_IN_USE", members: 1, invitations: 0 });
    expect(del.body.message).toMatch(/1 member holds this role/);
    const rename = await api(t, "/organization/update-role", owner.cookie, {
      organizationId: w.orgId,
      roleName: "reviewer",
      data: { roleName: "checker" },
    });
    expect(rename.status).toBe(409);

    await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.holderMember.id,
      role: "member",
    });
    // A pending invitation granting it holds it too.
    const invitation = await api(t, "/organization/invite-member", owner.cookie, {
      organizationId: w.orgId,
      email: createUser().email,
      role: "reviewer",
    });
    expect(invitation.status).toBe(200);
    const pending = await api(t, "/organization/delete-role", owner.cookie, {
      organizationId: w.orgId,
      roleName: "reviewer",
    });
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({ code: "ROLE_IN_USE", members: 0, invitations: 1 });
    await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: invitation.body.id });
    const ok = await api(t, "/organization/delete-role", owner.cookie, {
      organizationId: w.orgId,
      roleName: "reviewer",
    });
    expect(ok.status).toBe(200);
    const event = await onlyEvent(t, "role.deleted", created.body.roleData.id);
    expect(event.targetLabel).toBe("reviewer");
  });

  it("two concurrent creations of one name make one role", async () => {
    const w = await world();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => createRole(owner.cookie, w.orgId, "racer", { team: ["create"] })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(400);
  });
});
