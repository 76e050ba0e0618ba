import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createOrganization, invite, rawDb, seedMember, userIdOf } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

type Role = "owner" | "admin" | "member" | "outsider";
type User = Awaited<ReturnType<typeof signUpVerified>>;

interface World {
  orgId: string;
  members: Record<"owner" | "admin" | "member", { id: string; userId: string }>;
  teamId: string;
  invitationId: string;
}

/** SPEC §6: what each role may do. */
const MATRIX: {
  action: string;
  allowed: Role[];
  run: (t: TestApp, w: World, cookie: string) => Promise<number>;
}[] = [
  {
    action: "organization update",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (await api(t, "/organization/update", cookie, { organizationId: w.orgId, data: { name: "Renamed" } }))
        .status,
  },
  {
    action: "organization delete",
    allowed: ["owner"],
    run: async (t, w, cookie) =>
      (await api(t, "/organization/delete", cookie, { organizationId: w.orgId })).status,
  },
  {
    action: "invitation create",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (
        await api(t, "/organization/invite-member", cookie, {
          organizationId: w.orgId,
          email: createUser().email,
          role: "member",
        })
      ).status,
  },
  {
    action: "invitation cancel",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (await api(t, "/organization/cancel-invitation", cookie, { invitationId: w.invitationId })).status,
  },
  {
    action: "member update",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (
        await api(t, "/organization/update-member-role", cookie, {
          organizationId: w.orgId,
          memberId: w.members.member.id,
          role: "admin",
        })
      ).status,
  },
  {
    action: "member delete",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (
        await api(t, "/organization/remove-member", cookie, {
          organizationId: w.orgId,
          memberIdOrEmail: w.members.member.id,
        })
      ).status,
  },
  {
    action: "team create",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (await api(t, "/organization/create-team", cookie, { organizationId: w.orgId, name: "New" })).status,
  },
  {
    action: "team update",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (
        await api(t, "/organization/update-team", cookie, {
          teamId: w.teamId,
          data: { organizationId: w.orgId, name: "Renamed" },
        })
      ).status,
  },
  {
    action: "team delete",
    allowed: ["owner", "admin"],
    run: async (t, w, cookie) =>
      (await api(t, "/organization/remove-team", cookie, { organizationId: w.orgId, teamId: w.teamId }))
        .status,
  },
];

describe(`organization permissions, SPEC §6 (${testDatabase})`, () => {
  let t: TestApp;
  const users = {} as Record<Role, User & { id: string }>;

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of ["owner", "admin", "member", "outsider"] as Role[]) {
      const user = await signUpVerified(t);
      users[role] = { ...user, id: await userIdOf(t, user.cookie) };
    }
  });
  afterAll(() => t.close());

  /** A fresh organization with one member per role, a second team, and a pending invitation. */
  async function world(): Promise<World> {
    const org = await createOrganization(t, users.owner.cookie);
    const admin = await seedMember(t, org.id, users.admin.id, "admin");
    const member = await seedMember(t, org.id, users.member.id, "member");
    const team = await api(t, "/organization/create-team", users.owner.cookie, {
      organizationId: org.id,
      name: "Extra",
    });
    const invitation = await invite(t, users.owner.cookie, org.id, createUser().email);
    const owner = org.members[0];
    if (!owner) throw new Error("no owner member");
    return {
      orgId: org.id,
      members: { owner, admin, member },
      teamId: team.body.id,
      invitationId: invitation.id,
    };
  }

  for (const { action, allowed, run } of MATRIX) {
    for (const role of ["owner", "admin", "member", "outsider"] as Role[]) {
      const may = allowed.includes(role);
      it(`${role} ${may ? "may" : "may not"} ${action}`, async () => {
        const w = await world();
        const status = await run(t, w, users[role].cookie);
        if (may) expect(status).toBe(200);
        else expect([400, 401, 403]).toContain(status);
      });
    }
  }

  it("the creator is owner; several roles are stored comma-separated", async () => {
    const w = await world();
    const full = await api(
      t,
      `/organization/get-full-organization?organizationId=${w.orgId}`,
      users.owner.cookie,
    );
    const owner = full.body.members.find((m: { userId: string }) => m.userId === w.members.owner.userId);
    expect(owner.role).toBe("owner");
    const res = await api(t, "/organization/update-member-role", users.owner.cookie, {
      organizationId: w.orgId,
      memberId: w.members.member.id,
      role: ["admin", "member"],
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("admin,member");
  });

  it("only an owner grants or takes away the owner role, and refused messages carry SPEC wording", async () => {
    const w = await world();
    const grant = await api(t, "/organization/update-member-role", users.admin.cookie, {
      organizationId: w.orgId,
      memberId: w.members.member.id,
      role: "owner",
    });
    expect(grant.status).toBe(403);
    const demote = await api(t, "/organization/update-member-role", users.admin.cookie, {
      organizationId: w.orgId,
      memberId: w.members.owner.id,
      role: "member",
    });
    expect(demote.status).toBe(403);
    const remove = await api(t, "/organization/remove-member", users.admin.cookie, {
      organizationId: w.orgId,
      memberIdOrEmail: users.owner.email,
    });
    expect(remove.status).toBe(403);
    const inviteOwner = await api(t, "/organization/invite-member", users.admin.cookie, {
      organizationId: w.orgId,
      email: createUser().email,
      role: "owner",
    });
    expect(inviteOwner.status).toBe(403);

    const update = await api(t, "/organization/update", users.member.cookie, {
      organizationId: w.orgId,
      data: { name: "x" },
    });
    expect(update.status).toBe(403);
    expect(update.body.message).toMatch(/not allowed to create, update or delete an organization/i);

    const byOwner = await api(t, "/organization/update-member-role", users.owner.cookie, {
      organizationId: w.orgId,
      memberId: w.members.member.id,
      role: "owner",
    });
    expect(byOwner.status).toBe(200);
    const del = await api(t, "/organization/delete", users.admin.cookie, { organizationId: w.orgId });
    expect(del.status).toBe(403);
    expect(del.body.message).toMatch(/not allowed to create, update or delete an organization/i);
  });

  it("the only owner can neither leave, nor be removed, nor demote themselves", async () => {
    const w = await world();
    const leave = await api(t, "/organization/leave", users.owner.cookie, { organizationId: w.orgId });
    expect(leave.status).toBe(400);
    expect(leave.body.message).toMatch(/cannot leave as the only owner/i);
    const remove = await api(t, "/organization/remove-member", users.owner.cookie, {
      organizationId: w.orgId,
      memberIdOrEmail: w.members.owner.id,
    });
    expect(remove.status).toBe(400);
    expect(remove.body.message).toMatch(/cannot leave as the only owner/i);
    const demote = await api(t, "/organization/update-member-role", users.owner.cookie, {
      organizationId: w.orgId,
      memberId: w.members.owner.id,
      role: "admin",
    });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toMatch(/cannot leave as the only owner/i);

    // With a second owner, the first may go.
    await api(t, "/organization/update-member-role", users.owner.cookie, {
      organizationId: w.orgId,
      memberId: w.members.admin.id,
      role: "owner",
    });
    const leaveNow = await api(t, "/organization/leave", users.owner.cookie, { organizationId: w.orgId });
    expect(leaveNow.status).toBe(200);
  });

  it("the organization is gone with everything in it after delete, and no longer active", async () => {
    const w = await world();
    await api(t, "/organization/set-active", users.member.cookie, { organizationId: w.orgId });
    const del = await api(t, "/organization/delete", users.owner.cookie, { organizationId: w.orgId });
    expect(del.status).toBe(200);
    expect(del.body.id).toBe(w.orgId);
    const db = rawDb(t);
    for (const table of ["member", "team", "invitation"]) {
      const rows = await db.selectFrom(table).select("id").where("organizationId", "=", w.orgId).execute();
      expect(rows, table).toHaveLength(0);
    }
    const session = await api(t, "/get-session", users.member.cookie);
    expect(session.body.session.activeOrganizationId ?? null).toBeNull();
    const list = await api(t, "/organization/list", users.member.cookie);
    expect(list.body.map((o: { id: string }) => o.id)).not.toContain(w.orgId);
  });
});
